# METADATA
# title: VoF atmosphere that pours in the liquid
# description: |
#   A patch whose p_rgh holds a total pressure (totalPressure, prghTotalPressure: the
#   atmosphere of the interFoam tutorials) lets fluid in wherever the flow turns inward; the
#   phase fraction there must bring in the gas (inletOutlet with inletValue 0). With alpha.water
#   fixedValue 1 on damBreak's atmosphere, interFoam v1912 pours water in at the top: alpha falls
#   to -88.7 and deltaT to 2.4e-9 s, and the run stalls at t = 0.0012 s after 880 steps.
#   A domain that starts full of that phase (internalField uniform 1: the cavitating
#   propeller of interPhaseChangeDyMFoam) takes back what it holds, and is left alone.
# custom:
#   id: FOAM-BC-019
#   severity: warn
#   fix: "Let the atmosphere bring in gas: `type inletOutlet; inletValue uniform 0; value uniform 0;` for alpha.<liquid> (damBreak); give a liquid inlet a fixed velocity (fixedValue, flowRateInletVelocity) instead of a total pressure."
#   provenance:
#     - src/finiteVolume/fields/fvPatchFields/derived/totalPressure/totalPressureFvPatchScalarField.C
#     - src/finiteVolume/fields/fvPatchFields/derived/inletOutlet/inletOutletFvPatchField.C
package foamc.rules.bc.vofatmosphere

import data.foamc.lib

open_types := {"totalPressure", "prghTotalPressure"}

# liquid_in is the phase fraction a patch condition imposes on inflow, when it is above 0.
liquid_in(b) := v if {
	b.type == "fixedValue"
	v := lib.uniform(b.entry.value)
	is_number(v)
	v > 0
}

liquid_in(b) := v if {
	b.type == "inletOutlet"
	v := lib.uniform(b.entry.inletValue)
	is_number(v)
	v > 0
}

findings contains f if {
	lib.vof_two_phase
	name := lib.phase_alpha
	some b in lib.bc
	b.field == name
	some pb in lib.bc
	pb.field == "p_rgh"
	pb.patch.name == b.patch.name
	pb.type in open_types
	v := liquid_in(b)
	not filled_with(name, v)
	f := lib.finding_with(
		b.ptr,
		sprintf("%s on %s lets in %s = %v where p_rgh is %s (an open boundary): liquid pours in wherever the flow enters", [name, b.patch.name, name, v, pb.type]),
		{
			"related": [lib.related(pb.ptr, "p_rgh holds a total pressure here")],
			"edits": [lib.fix_set_at(b.ptr, "{ type inletOutlet; inletValue uniform 0; value uniform 0; }")],
		},
	)
}

# filled_with: the field starts uniform at (or above) the inflow value everywhere.
filled_with(name, v) if {
	x := lib.uniform(lib.field(name).internalField)
	is_number(x)
	x >= v
}
