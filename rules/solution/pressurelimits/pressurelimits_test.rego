package foamc.rules.solution.pressurelimits_test

import data.foamc.rules.solution.pressurelimits
import data.foamc.test

rs := object.union(test.compressible, {"features": {"solver": "rhoSimpleFoam", "algorithm": "SIMPLE"}, "files": {"system/fvSolution": {"SIMPLE": {"pMinFactor": 0.1}}}})

closed(doc) := test.set(doc, "/files/0~1p/boundaryField/outlet", {"type": "zeroGradient"})

rp(pimple) := test.set(test.compressible, "/files/system~1fvSolution/PIMPLE", pimple)

test_fixed if {
	count(pressurelimits.findings) == 0 with input as rs
}

# rhoSimpleFoam requires a reference (pRefRequired): in a closed domain it stops in setRefCell
# (FOAM-SOL-004) or uses pRefValue for the factors, so the factors alone are no error.
test_rhosimple_closed_factor if {
	count(pressurelimits.findings) == 0 with input as closed(rs)
}

test_rhosimple_closed_rhomax if {
	doc := test.set(closed(rs), "/files/system~1fvSolution/SIMPLE", {"rhoMax": 2, "pRefCell": 0, "pRefValue": 1e5})
	fs := pressurelimits.findings with input as doc
	count(fs) == 1
	some f in fs
	f.path == "/files/system~1fvSolution/SIMPLE/rhoMax"
	contains(f.msg, "rhoMax without pMax")
}

test_rhosimple_open_rhomax if {
	count(pressurelimits.findings) == 0 with input as test.set(rs, "/files/system~1fvSolution/SIMPLE", {"rhoMax": 2})
}

# rhoPimpleFoam passes pRefRequired false: nothing gives the factors a reference pressure.
test_rhopimple_closed_factors if {
	fs := pressurelimits.findings with input as closed(rp({"pMinFactor": 0.1, "pMaxFactor": 2}))
	{f.path | some f in fs} == {
		"/files/system~1fvSolution/PIMPLE/pMinFactor",
		"/files/system~1fvSolution/PIMPLE/pMaxFactor",
	}
}

test_rhopimple_closed_reference_does_not_help if {
	doc := closed(rp({"pMaxFactor": 2, "pRefCell": 0, "pRefValue": 1e5}))
	count(pressurelimits.findings) == 1 with input as doc
}

test_rhopimple_open_factors if {
	count(pressurelimits.findings) == 0 with input as rp({"pMinFactor": 0.1, "pMaxFactor": 2})
}

test_rhopimple_closed_one_side if {
	fs := pressurelimits.findings with input as closed(rp({"pMin": 8e4, "pMaxFactor": 2}))
	[f.path | some f in fs] == ["/files/system~1fvSolution/PIMPLE/pMaxFactor"]
}

test_rhopimple_closed_rhomin if {
	fs := pressurelimits.findings with input as closed(rp({"pMax": 1.2e5, "rhoMin": 0.5}))
	[f.path | some f in fs] == ["/files/system~1fvSolution/PIMPLE/rhoMin"]
}

# pMax and pMin together skip every other entry (pressureControl.C:61).
test_rhopimple_closed_both_limits if {
	count(pressurelimits.findings) == 0 with input as closed(rp({"pMax": 1.2e5, "pMin": 8e4, "pMaxFactor": 2, "rhoMin": 0.5}))
	count(pressurelimits.findings) == 0 with input as closed(rp({"pMax": 1.2e5, "pMin": 8e4}))
}

# pMaxFactor comes before rhoMax: only the first entry of a side is read.
test_rhopimple_factor_before_rho if {
	fs := pressurelimits.findings with input as closed(rp({"pMaxFactor": 2, "rhoMax": 2, "pMin": 8e4}))
	[f.path | some f in fs] == ["/files/system~1fvSolution/PIMPLE/pMaxFactor"]
}

# buoyantPimpleFoam limits p, not p_rgh: a calculated p fixes the value.
test_buoyant_calculated_p if {
	doc := test.set(
		test.set(rp({"pMinFactor": 0.1}), "/features/solver", "buoyantPimpleFoam"),
		"/files/0~1p/boundaryField",
		test.scalar_bf({"type": "calculated", "value": {"$uniform": 1e5}}, {"type": "calculated", "value": {"$uniform": 1e5}}, {"type": "calculated", "value": {"$uniform": 1e5}}),
	)
	count(pressurelimits.findings) == 0 with input as doc
	zg := {"type": "zeroGradient"}
	count(pressurelimits.findings) == 1 with input as test.set(doc, "/files/0~1p/boundaryField", test.scalar_bf(zg, zg, zg))
}

# Solvers without a pressureControl never read the entries.
test_other_solver if {
	doc := test.set(closed(rp({"pMinFactor": 0.1})), "/features/solver", "sonicFoam")
	count(pressurelimits.findings) == 0 with input as doc
}
