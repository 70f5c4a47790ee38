package foamc.lib

# Gas-dynamic regime of a compressible case, shared by the rules that depend on whether the
# inflow is supersonic (bc/supersonicexit, bc/supersonicinlet).

# rr is OpenFOAM's constant::thermodynamic::RR, J/(kmol K).
rr := 8314.47

# gas is the specific gas constant R and gamma = Cp/Cv of a constant-Cp mixture
# (thermophysicalProperties mixture.specie.molWeight and mixture.thermodynamics.Cp).
gas := {"R": r, "gamma": cp / (cp - r)} if {
	tp := file("constant/thermophysicalProperties")
	w := scalar_of(tp.mixture.specie.molWeight)
	cp := scalar_of(tp.mixture.thermodynamics.Cp)
	w > 0
	r := rr / w
	cp > r
}

# fixed_vector is the uniform vector a fixedValue boundary entry b sets.
fixed_vector(b) := u if {
	b.type == "fixedValue"
	u := uniform(b.entry.value)
	is_array(u)
	count(u) == 3
}

# inflow is the state fixed at each patch whose U and T are fixed and uniform: the velocity U
# and the squared speed of sound c2 = gamma R T.
inflow contains {"patch": bu.patch.name, "U": u, "c2": (gas.gamma * gas.R) * t} if {
	some bu in bc
	bu.field == "U"
	u := fixed_vector(bu)
	some bt in bc
	bt.field == "T"
	bt.patch.name == bu.patch.name
	bt.type == "fixedValue"
	t := uniform(bt.entry.value)
	is_number(t)
	t > 0
}

# supersonic_inlets are the patches whose fixed U and T give |U|^2 > gamma R T.
supersonic_inlets contains s.patch if {
	some s in inflow
	dot(s.U, s.U) > s.c2
}
