package foamc.lib

# Multi-region (conjugate heat transfer) cases: constant/regionProperties lists the regions by
# kind, `regions (fluid (a b) solid (c))`; splitMeshRegions couples neighbours a and b
# through the mapped patches a_to_b (in a) and b_to_a (in b).

listed_regions contains r if {
	some i, rs in input.files["constant/regionProperties"].regions
	i % 2 == 1
	is_array(rs)
	some r in rs
}

# region_kind is the kind the list gives region r (fluid or solid).
region_kind(r) := k if {
	rp := input.files["constant/regionProperties"].regions
	some i, rs in rp
	i % 2 == 1
	is_array(rs)
	r in rs
	k := rp[i - 1]
}

# region_evidence is a file that makes r a region: its thermophysicalProperties, else its mesh.
region_evidence(r) := f if {
	f := sprintf("constant/%s/thermophysicalProperties", [r])
	file_exists(f)
} else := input.meshes[r].source

region_dirs contains r if {
	some f, _ in input.files
	parts := split(f, "/")
	count(parts) == 3
	parts[0] == "constant"
	parts[2] == "thermophysicalProperties"
	r := parts[1]
}

region_dirs contains r if {
	some r, _ in input.meshes
	r != ""
}

# temperature_coupled are the coupled interface conditions of T (v1912
# src/TurbulenceModels/compressible/turbulentFluidThermoModels/derivedFvPatchFields).
temperature_coupled := {
	"compressible::turbulentTemperatureCoupledBaffleMixed",
	"compressible::turbulentTemperatureRadCoupledMixed",
}

# interface_pairs are the neighbouring regions [a, b]: the mapped patches a_to_b of a's own
# mesh once splitMeshRegions has made it, else every pair of listed regions (the T entries
# that would apply to a_to_b are what the rules judge then).
interface_pairs contains [a, b] if {
	some a in listed_regions
	not region_split(a)
	some b in listed_regions
	a != b
}

interface_pairs contains [a, b] if {
	some p in input.patches
	a := patch_region(p)
	a in listed_regions
	some b in listed_regions
	p.name == sprintf("%s_to_%s", [a, b])
}

region_split(r) if {
	some p in input.patches
	patch_region(p) == r
}

# region_T_entry is the boundaryField entry of region a's T that applies to patch name, with
# its pointer tokens: the patch's own key, else the last matching regular expression.
region_T_entry(a, name) := [bf[name], [name]] if {
	bf := input.files[input.fields[sprintf("%s/T", [a])]].boundaryField
	is_object(bf[name])
} else := [bf["$regex"][i].value, ["$regex", i, "value"]] if {
	bf := input.files[input.fields[sprintf("%s/T", [a])]].boundaryField
	i := regex_index(bf, name)
	is_object(bf["$regex"][i].value)
}

# region_T_ptr is the pointer of that entry in the case document.
region_T_ptr(a, tokens) := file_ptr(input.fields[sprintf("%s/T", [a])], array.concat(["boundaryField"], tokens))
