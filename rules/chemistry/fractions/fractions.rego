# METADATA
# title: fixed species mass fractions sum to 1
# description: Where every specie is fixed (fixedValue) the mass fractions must sum to 1. reactingFoam makes the inert specie 1 - the others only inside the domain (YEqn.H); a fixedValue patch keeps what the file says, so a patch summing to 0.93 feeds a mixture with 7 % of its mass missing into the thermo, and the run goes on without a word (eval/faults reacting-fractions-sum; verify FOAM-VERIFY-091 rejects its result).
# custom:
#   id: FOAM-CHEM-003
#   severity: deny
#   fix: Make the fixed mass fractions of every specie on the patch sum to 1 (the inert specie takes 1 - the others).
#   provenance:
#     - applications/solvers/combustion/reactingFoam/YEqn.H
#     - src/finiteVolume/fields/fvPatchFields/basic/fixedValue/fixedValueFvPatchField.H
package foamc.rules.chemistry.fractions

import data.foamc.lib

# tol: fractions typed with four decimals sum within 1e-4 of 1.
tol := 1e-4

fixed(s, patch) := v if {
	some b in lib.bc
	b.field == lib.species_field_name(s)
	b.patch.name == patch
	b.type == "fixedValue"
	v := lib.uniform(b.entry.value)
	is_number(v)
}

findings contains f if {
	lib.solver in lib.inert_solvers
	count(lib.species) > 0
	patches := {b.patch.name | some b in lib.bc; b.field == lib.species_field_name(lib.species[_]); b.type == "fixedValue"}
	some p in patches
	vals := [fixed(s, p) | some s in lib.species]
	count(vals) == count(lib.species)
	total := sum(vals)
	abs(total - 1) > tol
	named := [s | some s in lib.species; lib.has(input.fields, s)]
	f := lib.finding_with(
		lib.ptr(["files", lib.field_file(named[0]), "boundaryField", p]),
		sprintf("the fixed mass fractions on patch %s sum to %v, not 1", [p, round(total * 1e6) / 1e6]),
		{"related": [lib.related(lib.ptr(["files", lib.field_file(s), "boundaryField", p, "value"]), sprintf("%s = %v", [s, fixed(s, p)])) | some s in named]},
	)
}
