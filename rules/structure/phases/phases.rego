# METADATA
# title: VoF phases have their transport sub-dictionaries
# description: |
#   twoPhaseMixture reads the first two names of `phases` (twoPhaseMixture.C:39-40) and
#   incompressibleTwoPhaseMixture reads each as a sub-dictionary of transportProperties
#   (incompressibleTwoPhaseMixture.C:85,95). A phase without its sub-dictionary stops interFoam
#   before the first step ("Entry 'gas' not found in dictionary .../transportProperties"); fewer
#   than two names index past the list.
# custom:
#   id: FOAM-STRUCT-013
#   severity: deny
#   fix: Name the two phases in `phases (water air);` exactly as their sub-dictionaries (water { transportModel Newtonian; nu ...; rho ...; }).
#   provenance:
#     - src/transportModels/twoPhaseMixture/twoPhaseMixture/twoPhaseMixture.C:39
#     - src/transportModels/incompressible/incompressibleTwoPhaseMixture/incompressibleTwoPhaseMixture.C:85
package foamc.rules.structure.phases

import data.foamc.lib

file := "constant/transportProperties"

phases := input.files[file].phases if lib.vof_two_phase

findings contains f if {
	is_array(phases)
	count(phases) < 2
	f := lib.finding(lib.file_ptr(file, ["phases"]), sprintf("%s: phases names %d phase(s); %s reads two", [file, count(phases), lib.solver]))
}

findings contains f if {
	tp := input.files[file]
	some i in [0, 1]
	name := phases[i]
	not is_object(object.get(tp, sprintf("%v", [name]), null))
	others := [k | some k, v in tp; is_object(v); not k in phases; not k in {"sigma", "$regex"}]
	f := lib.finding_with(
		lib.file_ptr(file, ["phases", i]),
		sprintf("%s: phase %v has no sub-dictionary %v { transportModel ...; nu ...; rho ...; }", [file, name, name]),
		{
			"related": [lib.missing(lib.file_ptr(file, [sprintf("%v", [name])]))],
			"suggest": lib.suggest(sprintf("%v", [name]), others),
		},
	)
}
