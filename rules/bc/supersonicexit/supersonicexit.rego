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

findings contains f if {
	input.features.compressible
	some inlet in lib.supersonic_inlets
	some b in lib.bc
	b.field == "p"
	b.type == "fixedValue"
	not b.patch.name in lib.supersonic_inlets
	not lib.is_wall(b.patch)
	lib.bc_type("U", b.patch.name) != "fixedValue"
	f := lib.finding_with(
		concat("/", [b.ptr, "type"]),
		sprintf("patch %s fixes the static p although the inflow at %s is supersonic: the exit state is set by the flow, and the reflected waves can drive T negative", [b.patch.name, inlet]),
		{"edits": [lib.fix_set(lib.field_file("p"), ["boundaryField", b.patch.name, "type"], "zeroGradient")]},
	)
}
