# METADATA
# title: field file class matches the field
# description: IOobject::readHeader checks the FoamFile class against the field type the solver constructs (volVectorField for U, volScalarField for p, k, ...).
# custom:
#   id: FOAM-STRUCT-008
#   severity: deny
#   fix: Set the FoamFile `class` to the field's type (volVectorField for velocities, volScalarField for scalars).
#   provenance:
#     - src/OpenFOAM/db/IOobject/IOobjectReadHeader.C
package foamc.rules.structure.fieldclass

import data.foamc.lib

findings contains f if {
	some name, file in input.fields
	want := lib.field_class(name)
	got := input.headers[file].class
	got != want
	startswith(got, "vol")
	f := lib.finding_with(
		lib.ptr(["headers", file, "class"]),
		sprintf("%s has class %s; %s is a %s", [file, got, name, want]),
		{
			"fix": sprintf("Set `class %s;` in the FoamFile header of %s.", [want, file]),
			"edits": [lib.fix_set(file, ["FoamFile", "class"], want)],
		},
	)
}
