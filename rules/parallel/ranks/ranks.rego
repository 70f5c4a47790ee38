# METADATA
# title: launched rank count matches numberOfSubdomains
# description: |
#   A parallel run reads one processor directory per rank; a launch (mpirun -np N, srun -n
#   N, runParallel -np N, or a batch job's #SBATCH task count that srun and mpirun inherit)
#   whose N differs from the numberOfSubdomains decomposePar wrote stops the solver:
#   "number of processor directories = 2 is not equal to the number of processors = 3".
# custom:
#   id: FOAM-PAR-003
#   severity: deny
#   fix: "Launch as many ranks as numberOfSubdomains in system/decomposeParDict, or change numberOfSubdomains (and n) to the rank count"
#   provenance:
#     - src/OpenFOAM/global/argList/argList.C (nProcDirs != Pstream::nProcs())
#     - "mpirun -np 3 icoFoam -parallel on a case decomposed in 2: docs/parallel.md"
#   applies_to:
#     releases: [any]
package foamc.rules.parallel.ranks

import data.foamc.lib

findings contains f if {
	# A case with several decomposition dictionaries (decomposeParDict-5 for a
	# redistribution) switches between them in its scripts: not followed.
	count([n | some n, _ in input.files; startswith(n, "system/decomposeParDict")]) == 1
	d := input.files["system/decomposeParDict"]
	nsub := lib.lookup(d, "numberOfSubdomains")
	is_number(nsub)
	some i, l in input.launches
	l.ranks > 0
	l.ranks != nsub
	f := lib.finding_with(
		sprintf("/launches/%d", [i]),
		sprintf("%s:%d (%s) starts %d ranks but system/decomposeParDict has numberOfSubdomains %v: the solver stops with \"number of processor directories = %v is not equal to the number of processors = %d\"", [l.file, l.line, l.command, l.ranks, nsub, nsub, l.ranks]),
		{"related": [lib.related(lib.file_ptr("system/decomposeParDict", lib.tokens(d, "numberOfSubdomains")), "the subdomain count")]},
	)
}
