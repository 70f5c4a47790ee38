package foamc.lib

# The species of a multi-component mixture and where the solver reads them: the rules of
# rules/chemistry/ (FOAM-CHEM-*) share them.

thermo_props := file("constant/thermophysicalProperties")

# chemistry_file is the foamChemistryFile a reactingMixture reads its species and reactions
# from, "<constant>/x" resolved to constant/x (foamChemistryReader).
chemistry_file := replace(thermo_props.foamChemistryFile, "<constant>/", "constant/") if {
	is_string(thermo_props.foamChemistryFile)
}

# species is the mixture's species list: thermophysicalProperties' own `species`
# (multiComponentMixture), else the chemistry file's.
species := thermo_props.species if is_array(thermo_props.species)

else := file(chemistry_file).species if is_array(file(chemistry_file).species)

# inert_solvers are the v1912 solvers whose createFields.H reads inertSpecie with
# get<word> (a missing keyword is a FATAL IO ERROR) and checks it against the species.
inert_solvers := {
	"reactingFoam", "rhoReactingFoam", "rhoReactingBuoyantFoam", "fireFoam", "reactingParcelFoam",
	"simpleReactingParcelFoam", "coalChemistryFoam", "simpleCoalParcelFoam", "sprayFoam",
}

# species_field(s) is the field file a specie reads: 0/<specie>, else 0/Ydefault
# (basicSpecieMixture.C: Y is read from its own file if present, else from Ydefault).
species_field(s) := input.fields[species_field_name(s)]

# species_ptr points at the species list the mixture reads.
species_ptr := file_ptr("constant/thermophysicalProperties", ["species"]) if is_array(thermo_props.species)

else := file_ptr(chemistry_file, ["species"])

# species_field_name is the field a specie reads its mass fraction from.
species_field_name(s) := s if has(input.fields, s)

else := "Ydefault" if has(input.fields, "Ydefault")
