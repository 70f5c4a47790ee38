package foamc.rules.bc.alphat_test

import data.foamc.rules.bc.alphat
import data.foamc.test

doc(t) := object.union(test.compressible, {
	"fields": {"alphat": "0/alphat"},
	"headers": {"0/alphat": {"class": "volScalarField"}},
	"files": {"0/alphat": {"boundaryField": test.scalar_bf({"type": "calculated"}, {"type": "calculated"}, {"type": t})}},
})

test_bare if {
	count(alphat.findings) == 2 with input as doc("alphatWallFunction")
}

test_prefixed if {
	count(alphat.findings) == 0 with input as doc("compressible::alphatWallFunction")
}

test_film_not_namespaced if {
	count(alphat.findings) == 0 with input as doc("alphatFilmWallFunction")
}

test_without_kb if {
	count(alphat.findings) == 2 with input as doc("alphatJayatillekeWallFunction") with data.kb as {"solvers": {}}
}

test_incompressible if {
	count(alphat.findings) == 0 with input as test.set(doc("alphatJayatillekeWallFunction"), "/features/compressible", false)
}
