# METADATA
# title: scheme names are known
# description: Schemes are run-time selected; an unknown name (`Gauss linearr`) stops the solver at first use with "Unknown discretisation scheme".
# custom:
#   id: FOAM-NUM-003
#   severity: deny
#   fix: Use a scheme name OpenFOAM registers (see the suggestion or `foamc kb query`).
#   provenance:
#     - src/finiteVolume/interpolation/surfaceInterpolation/surfaceInterpolationScheme/surfaceInterpolationScheme.C
#     - src/finiteVolume/finiteVolume/convectionSchemes/convectionScheme/convectionScheme.C
#     - src/finiteVolume/finiteVolume/fvSchemes/fvSchemes.C:420
package foamc.rules.numerics.schemenames

import data.foamc.lib

# Valid words the kb vocabulary does not list: multivariate convection schemes
# (multivariateSelectionSchemes.C:39) and interfaceCompression (interfaceCompression.C:35,
# registered with makePhiSurfaceInterpolationScheme).
extra := {"multivariateSelection", "multivariateIndependent", "interfaceCompression"}

# fvSchemes::<kind>Scheme(name) returns the default for every name without an entry of its
# own (fvSchemes.C:366-491, e.g. divScheme at :427). An unknown default is therefore certain
# to stop the solver when the solver looks up a name the section has no entry for; otherwise
# it may never be read (sineWaveDamping runs with `snGradSchemes { default no; }`): warn.
severity(name, tk) := "warn" if {
	tk == ["default"]
	not default_read(name)
}

else := "deny"

default_read(name) if count(unmatched(name)) > 0

default_read(name) if {
	name in reads
	only_default(lib.fv_schemes[name])
}

# unmatched are the names the solver certainly looks up in section name that have no entry
# (exact or regex) there, so they take the default.
unmatched(name) := {key |
	sec := lib.fv_schemes[name]
	some [section, key] in lookups
	section == name
	not lib.found(sec, key)
}

only_default(sec) if count([k | some k, _ in sec; k != "default"]) == 0

# lookups are [section, name] pairs the solver looks up on every run.
# divSchemes: the keys of FOAM-NUM-001/002 (solver, stress, energy and model convection terms).
lookups contains ["divSchemes", key] if some key in lib.solver_div

lookups contains ["divSchemes", key] if some key in lib.solver_info.energyDiv[input.features.energy]

lookups contains ["divSchemes", key] if some key in lib.model_div

# gradSchemes: the velocity gradient inside the stress term div((nuEff*dev2(T(grad(U)))))
# (linearViscousStress.C:102), and the pressure gradient of the velocity correction
# `U = HbyA - rAU*fvc::grad(p)` that every solver solving a pressure named p runs after its
# pressure equation (icoFoam.C:154, simpleFoam/pEqn.H:47, pimpleFoam/pEqn.H:60,
# rhoPimpleFoam/pEqn.H:92, sonicFoam/pEqn.H:41, reactingFoam/pEqn.H:90); fvcGrad.C:149
# names it grad(<field>).
lookups contains ["gradSchemes", g] if {
	some key in lib.solver_div
	contains(key, "dev2")
	[g] := regex.find_n(`grad\([A-Za-z_.]+\)`, key, 1)
}

lookups contains ["gradSchemes", "grad(p)"] if {
	lib.solver_info.pressure == "p"
	"p" in lib.solver_info.solve
}

# snGradSchemes: the buoyancy flux phig of the p_rgh solvers (interFoam/pEqn.H:32,
# buoyantPimpleFoam/pEqn.H:15, buoyantSimpleFoam/pEqn.H:7); fvcSnGrad.C:84 names it.
lookups contains ["snGradSchemes", "snGrad(rho)"] if lib.solver_info.gravity

# reads are the sections the solver looks up some name in on every run, with names this rule
# does not spell out; a default that is the section's only entry is then certain to be used.
# ddt: transient solvers (icoFoam.C:105, rhoCentralFoam.C:196) and transported model fields
# (kEpsilon.C:259, kOmegaSSTBase.C:525, SpalartAllmaras.C:373).
reads contains "ddtSchemes" if lib.solver_info.steady == false

reads contains "ddtSchemes" if count(lib.transported) > 0

# laplacian: the pressure equation (icoFoam.C:139, interFoam/pEqn.H:45), potentialFoam's Phi
# equation (potentialFoam.C:169) and the model transport equations.
reads contains "laplacianSchemes" if lib.solver_info.pressure in lib.solver_info.solve

reads contains "laplacianSchemes" if "Phi" in lib.solver_info.solve

reads contains "laplacianSchemes" if count(lib.transported) > 0

# interpolation: fvc::flux(HbyA) of the pressure solvers (icoFoam.C:123, interFoam/pEqn.H:16),
# fvc::flux(U) in potentialFoam (createFields.H:28), reconstruct(rho) in rhoCentralFoam
# (rhoCentralFoam.C:85).
reads contains "interpolationSchemes" if lib.solver_info

sections := {"ddtSchemes", "gradSchemes", "divSchemes", "laplacianSchemes", "interpolationSchemes", "snGradSchemes"}

# entries yields [key tokens, words] for every entry of a section, regex ones included.
entries(sec) := {[[k], lib.words(v)] | some k, v in sec; k != "$regex"} | {[["$regex", i, "value"], lib.words(e.value)] | some i, e in object.get(sec, "$regex", [])}

# why says which lookups take an unknown default.
why(name, tk) := "" if tk != ["default"]

why(name, ["default"]) := sprintf(" (the default for %s)", [concat(", ", sort(unmatched(name)))]) if {
	count(unmatched(name)) > 0
}

why(name, ["default"]) := " (the only entry, so every lookup takes it)" if {
	count(unmatched(name)) == 0
	default_read(name)
}

why(name, ["default"]) := " (the default; no lookup the solver is known to make takes it)" if {
	not default_read(name)
}

findings contains f if {
	some name in sections
	sec := lib.fv_schemes[name]
	vocab := data.kb.vocab[name]
	count(vocab) > 0
	some [tk, ws] in entries(sec)
	w := ws[0]
	is_string(w)
	w != "none"
	not w in vocab
	not w in extra
	f := lib.finding_with(
		lib.file_ptr("system/fvSchemes", array.concat([name], tk)),
		sprintf("unknown %s %q%s", [trim_suffix(name, "s"), w, why(name, tk)]),
		{
			"suggest": lib.suggest(w, vocab),
			"severity": severity(name, tk),
		},
	)
}

# The interpolation scheme after Gauss in div and laplacian entries.
findings contains f if {
	some name in {"divSchemes", "laplacianSchemes"}
	sec := lib.fv_schemes[name]
	vocab := data.kb.vocab.interpolationSchemes
	count(vocab) > 0
	some [tk, ws] in entries(sec)
	some i, g in ws
	g == "Gauss"
	w := ws[i + 1]
	is_string(w)
	not w in vocab
	not w in extra
	f := lib.finding_with(
		lib.file_ptr("system/fvSchemes", array.concat([name], tk)),
		sprintf("unknown interpolation scheme %q after Gauss%s", [w, why(name, tk)]),
		{
			"suggest": lib.suggest(w, vocab),
			"severity": severity(name, tk),
		},
	)
}
