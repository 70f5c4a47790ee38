package foamc.rules.solution.reference_test

import data.foamc.rules.solution.reference
import data.foamc.test

closed := test.set(test.case, "/files/0~1p/boundaryField/outlet", {"type": "zeroGradient"})

test_open if {
	count(reference.findings) == 0 with input as test.case
}

test_closed if {
	fs := reference.findings with input as closed
	count(fs) == 1
	some f in fs
	f.path == "/files/system~1fvSolution/SIMPLE"
	f.msg == "no boundary fixes p (closed domain): SIMPLE needs pRefCell (or pRefPoint) and pRefValue"
}

test_closed_value_only if {
	fs := reference.findings with input as test.set(closed, "/files/system~1fvSolution/SIMPLE/pRefCell", 0)
	{f.msg | some f in fs} == {"no boundary fixes p (closed domain): SIMPLE needs pRefValue"}
}

test_closed_with_ref if {
	doc := test.set(test.set(closed, "/files/system~1fvSolution/SIMPLE/pRefPoint", [0, 0, 0]), "/files/system~1fvSolution/SIMPLE/pRefValue", 0)
	count(reference.findings) == 0 with input as doc
}

test_calculated_fixes if {
	count(reference.findings) == 0 with input as test.set(closed, "/files/0~1p/boundaryField/outlet", {"type": "calculated", "value": {"$uniform": 0}})
}

test_kb_bases if {
	doc := test.set(closed, "/files/0~1p/boundaryField/outlet", {"type": "myFixed"})
	count(reference.findings) == 0 with input as doc with data.kb.bc.myFixed as {"bases": ["fixedValue"]}
	count(reference.findings) == 1 with input as doc with data.kb.bc.myFixed as {"bases": ["zeroGradient"]}
}

# Without the dictionary setRefCell reads an empty one and stops: deny at fvSolution itself.
test_closed_missing_dict if {
	fs := reference.findings with input as test.del(closed, "/files/system~1fvSolution/SIMPLE")
	count(fs) == 1
	some f in fs
	f.path == "/files/system~1fvSolution"
	f.msg == "no boundary fixes p (closed domain): fvSolution needs a SIMPLE dictionary with pRefCell (or pRefPoint) and pRefValue"
	startswith(f.fix, "Add `SIMPLE { pRefCell 0; pRefValue 0; }` to fvSolution")
}

# icoFoam requires PISO and stops on its absence first (FOAM-SOL-005).
test_closed_missing_required_dict if {
	doc := test.set(test.del(closed, "/files/system~1fvSolution/SIMPLE"), "/features/solver", "icoFoam")
	count(reference.findings) == 0 with input as doc
}

# rhoSimpleFoam's pressureControl calls setRefCell (pRefRequired defaults to true).
test_rhosimple_closed if {
	doc := object.union(test.compressible, {"features": {"solver": "rhoSimpleFoam", "algorithm": "SIMPLE"}, "files": {"system/fvSolution": {"SIMPLE": {"pMinFactor": 0.1}}}})
	count(reference.findings) == 0 with input as doc
	fs := reference.findings with input as test.set(doc, "/files/0~1p/boundaryField/outlet", {"type": "zeroGradient"})
	count(fs) == 1

	# the reference is the absolute initial level, not 0
	some f in fs
	startswith(f.fix, "Add `pRefCell 0; pRefValue 100000;` to the SIMPLE dictionary")
}

# rhoPimpleFoam passes pRefRequired false: a closed domain needs no reference.
test_rhopimple_closed if {
	count(reference.findings) == 0 with input as test.set(test.compressible, "/files/0~1p/boundaryField/outlet", {"type": "zeroGradient"})
}
