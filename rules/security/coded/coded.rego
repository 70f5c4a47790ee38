# METADATA
# title: coded boundary conditions, function objects and fvOptions
# description: codedFixedValue, codedMixed, coded function objects and coded fvOptions compile user C++ with wmake and dlopen it when the case runs.
# custom:
#   id: FOAM-SEC-002
#   severity: deny
#   fix: Replace the coded entry with a built-in boundary condition / function object, or run with --allow-code after reviewing the code.
#   provenance:
#     - src/finiteVolume/fields/fvPatchFields/derived/codedFixedValue/codedFixedValueFvPatchField.C
#     - src/OpenFOAM/db/dynamicLibrary/dynamicCode/dynamicCode.C
package foamc.rules.security.coded

import data.foamc.lib

coded(t) if regex.match(`^coded|CodedSource$`, t)

findings contains f if {
	not data.config.allow_code
	some [file, path, v] in lib.typed_objects
	is_string(v.type)
	coded(v.type)
	f := lib.finding(
		lib.file_ptr(file, path),
		sprintf("%s in %s compiles and loads C++ code when the case runs", [v.type, file]),
	)
}
