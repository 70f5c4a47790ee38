# METADATA
# title: simple/hierarchical divisions multiply to numberOfSubdomains
# description: |
#   The geometric methods split the mesh n = (nx ny nz) times; geomDecomp::readCoeffs stops
#   when nx*ny*nz is not numberOfSubdomains ("Wrong number of domain divisions in
#   geomDecomp"). The coefficients come from <method>Coeffs, else coeffs
#   (decompositionMethod::findCoeffsDict).
#   It is a deny when the run gated is parallel (foamc gate -- mpirun/srun/-parallel,
#   decomposePar, a script of the case that launches in parallel; foamc run --parallel N,
#   --slurm with a parallel job.slurm) or, with no run known, when the case is already
#   decomposed; a warning otherwise: only decomposePar reads the dictionary, a serial
#   solver never does.
# custom:
#   id: FOAM-PAR-002
#   severity: deny
#   fix: "Make n's product equal numberOfSubdomains, e.g. numberOfSubdomains 4 with n (2 2 1)"
#   provenance:
#     - src/parallel/decompose/decompositionMethods/geomDecomp/geomDecomp.C:35-46
#     - src/parallel/decompose/decompositionMethods/decompositionMethod/decompositionMethod.C:228-265
#   applies_to:
#     releases: [any]
package foamc.rules.parallel.divisions

import data.foamc.lib

geometric := {"hierarchical", "simple"}

findings contains f if {
	some name, d in lib.decompose_dicts
	m := lib.lookup(d, "method")
	geometric[m]
	nsub := lib.lookup(d, "numberOfSubdomains")
	is_number(nsub)
	[key, coeffs] := coeffs_dict(d, m)
	n := lib.lookup(coeffs, "n")
	is_array(n)
	count(n) == 3
	every x in n {
		is_number(x)
	}
	prod := (n[0] * n[1]) * n[2]
	prod != nsub
	f := lib.finding_with(
		lib.file_ptr(name, array.concat(key, lib.tokens(coeffs, "n"))),
		sprintf("n (%v %v %v) makes %v subdomains but numberOfSubdomains is %v: decomposePar stops with \"Wrong number of domain divisions in geomDecomp\"", [n[0], n[1], n[2], prod, nsub]),
		{"severity": lib.decompose_severity},
	)
}

# coeffs_dict is the coefficients dictionary decomposePar reads, with its pointer tokens.
coeffs_dict(d, m) := [lib.tokens(d, k), lib.lookup(d, k)] if {
	k := sprintf("%sCoeffs", [m])
	is_object(lib.lookup(d, k))
} else := [lib.tokens(d, "coeffs"), lib.lookup(d, "coeffs")] if {
	is_object(lib.lookup(d, "coeffs"))
}
