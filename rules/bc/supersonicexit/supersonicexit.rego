# METADATA
# title: fixed static pressure at an outlet the flow leaves supersonic
# description: |
#   When the inflow is supersonic (|U|^2 > gamma R T at a patch that fixes U and T), every
#   characteristic leaves through the exit and the static pressure there is set by the flow,
#   not by the boundary. A fixedValue p at an outflow patch (U not fixed) over-specifies it:
#   the reflected waves drive T negative. Evidence (real v1912 runs): the forwardStep
#   tutorial mesh with rhoCentralFoam at Ma 3 and maxCo 0.2 dies at t = 0.99 with SIGFPE in
#   sqrt(T) when the outlet fixes p = 1; with waveTransmissive (fieldInf 1) or zeroGradient
#   it runs to the end time (compiler/supersonic_test.go).
# custom:
#   id: FOAM-BC-017
#   severity: warn
#   fix: Give the outlet p a non-reflecting or extrapolating condition (waveTransmissive with fieldInf = the ambient p and gamma, or zeroGradient for a surely supersonic exit).
#   provenance:
#     - tutorials/compressible/rhoCentralFoam/forwardStep/0/p (outlet zeroGradient)
#     - src/finiteVolume/fields/fvPatchFields/derived/waveTransmissive/waveTransmissiveFvPatchField.H
#   applies_to:
#     features: [compressible]
package foamc.rules.bc.supersonicexit

import data.foamc.lib

# RR as OpenFOAM's constant::thermodynamic::RR, J/(kmol K).
rr := 8314.47

gas := {"R": r, "gamma": cp / (cp - r)} if {
	tp := lib.file("constant/thermophysicalProperties")
	w := lib.scalar_of(tp.mixture.specie.molWeight)
	cp := lib.scalar_of(tp.mixture.thermodynamics.Cp)
	w > 0
	r := rr / w
	cp > r
}

fixed_vector(b) := u if {
	b.type == "fixedValue"
	u := lib.uniform(b.entry.value)
	is_array(u)
	count(u) == 3
}

supersonic_inlets contains name if {
	some bu in lib.bc
	bu.field == "U"
	u := fixed_vector(bu)
	some bt in lib.bc
	bt.field == "T"
	bt.patch.name == bu.patch.name
	bt.type == "fixedValue"
	t := lib.uniform(bt.entry.value)
	is_number(t)
	t > 0
	speed2 := ((u[0] * u[0]) + (u[1] * u[1])) + (u[2] * u[2])
	speed2 > (gas.gamma * gas.R) * t
	name := bu.patch.name
}

findings contains f if {
	input.features.compressible
	some inlet in supersonic_inlets
	some b in lib.bc
	b.field == "p"
	b.type == "fixedValue"
	not b.patch.name in supersonic_inlets
	not lib.is_wall(b.patch)
	lib.bc_type("U", b.patch.name) != "fixedValue"
	f := lib.finding_with(
		concat("/", [b.ptr, "type"]),
		sprintf("patch %s fixes the static p although the inflow at %s is supersonic: the exit state is set by the flow, and the reflected waves can drive T negative", [b.patch.name, inlet]),
		{"edits": [lib.fix_set(lib.field_file("p"), ["boundaryField", b.patch.name, "type"], "zeroGradient")]},
	)
}
