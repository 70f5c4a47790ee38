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
package foamc.rules.numerics.schemenames

import data.foamc.lib

# Valid words the kb vocabulary does not list: multivariate convection schemes
# (multivariateSelectionSchemes.C:39) and interfaceCompression (interfaceCompression.C:35,
# registered with makePhiSurfaceInterpolationScheme).
extra := {"multivariateSelection", "multivariateIndependent", "interfaceCompression"}

# A default is looked up only when some term has no entry, so an unknown default warns.
severity(tk) := "warn" if tk == ["default"]

else := "deny"

sections := {"ddtSchemes", "gradSchemes", "divSchemes", "laplacianSchemes", "interpolationSchemes", "snGradSchemes"}

# entries yields [key tokens, words] for every entry of a section, regex ones included.
entries(sec) := {[[k], lib.words(v)] | some k, v in sec; k != "$regex"} | {[["$regex", i, "value"], lib.words(e.value)] | some i, e in object.get(sec, "$regex", [])}

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
	f := {
		"path": lib.file_ptr("system/fvSchemes", array.concat([name], tk)),
		"msg": sprintf("unknown %s %q", [trim_suffix(name, "s"), w]),
		"suggest": {"word": w, "candidates": vocab},
		"severity": severity(tk),
	}
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
	f := {
		"path": lib.file_ptr("system/fvSchemes", array.concat([name], tk)),
		"msg": sprintf("unknown interpolation scheme %q after Gauss", [w]),
		"suggest": {"word": w, "candidates": vocab},
	}
}
