# METADATA
# title: VoF phases have their transport sub-dictionaries
# description: |
#   twoPhaseMixture reads the first two names of `phases` (twoPhaseMixture.C:39-40) and
#   incompressibleTwoPhaseMixture reads each as a sub-dictionary of transportProperties
#   (incompressibleTwoPhaseMixture.C:85,95). A phase without its sub-dictionary stops interFoam
#   before the first step ("Entry 'gas' not found in dictionary .../transportProperties"); fewer
#   than two names index past the list. Each sub-dictionary needs `transportModel`
#   (viscosityModelNew.C), `rho` (incompressibleTwoPhaseMixture.C:101) and, for Newtonian, `nu`
#   (each missing one: "Entry 'rho' not found in dictionary .../transportProperties.water"); a
#   density that is not positive divides by zero (rho 0: SIGFPE at the first step). `sigma`
#   is a number or a surfaceTensionModel dictionary (a word: "attempt to read beyond EOF").
# custom:
#   id: FOAM-STRUCT-015
#   severity: deny
#   fix: Name the two phases in `phases (water air);` exactly as their sub-dictionaries (water { transportModel Newtonian; nu ...; rho ...; }).
#   provenance:
#     - src/transportModels/twoPhaseMixture/twoPhaseMixture/twoPhaseMixture.C:39
#     - src/transportModels/incompressible/incompressibleTwoPhaseMixture/incompressibleTwoPhaseMixture.C:85
#     - src/transportModels/incompressible/viscosityModels/Newtonian/Newtonian.C
#     - src/transportModels/interfaceProperties/surfaceTensionModels/surfaceTensionModel/surfaceTensionModelNew.C:34
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

# phase_dict is the sub-dictionary of each of the two phases that has one.
phase_dict contains [i, name, d] if {
	some i in [0, 1]
	name := sprintf("%v", [phases[i]])
	d := input.files[file][name]
	is_object(d)
}

required(d) := {"transportModel", "rho", "nu"} if object.get(d, "transportModel", "Newtonian") == "Newtonian"

else := {"transportModel", "rho"}

findings contains f if {
	some [_, name, d] in phase_dict
	some key in required(d)
	not lib.has(d, key)
	f := lib.finding_with(
		lib.file_ptr(file, [name]),
		sprintf("%s: phase %s has no %s (%s reads it from the phase's sub-dictionary)", [file, name, key, lib.solver]),
		{"related": [lib.missing(lib.file_ptr(file, [name, key]))]},
	)
}

findings contains f if {
	some [_, name, d] in phase_dict
	rho := lib.scalar_of(d.rho)
	rho <= 0
	f := lib.finding(lib.file_ptr(file, [name, "rho"]), sprintf("%s: phase %s has density rho %v; it must be positive (kg/m^3, e.g. 1000 for water, 1 for air)", [file, name, rho]))
}

findings contains f if {
	lib.vof_two_phase
	sigma := input.files[file].sigma
	is_string(sigma)
	f := lib.finding(lib.file_ptr(file, ["sigma"]), sprintf("%s: sigma %q is neither a surface tension in N/m (e.g. 0.07) nor a surfaceTensionModel dictionary", [file, sigma]))
}
