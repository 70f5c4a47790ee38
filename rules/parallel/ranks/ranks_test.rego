package foamc.rules.parallel.ranks_test

import data.foamc.rules.parallel.ranks
import data.foamc.test

doc(nsub, launches) := object.union(
	test.set(test.case, "/files/system~1decomposeParDict", {"numberOfSubdomains": nsub, "method": "simple", "coeffs": {"n": [nsub, 1, 1]}}),
	{"launches": launches},
)

test_mpirun_mismatch if {
	fs := ranks.findings with input as doc(2, [{"file": "Allrun", "line": 7, "column": 1, "ranks": 3, "command": "mpirun"}])
	count(fs) == 1
	some f in fs
	f.path == "/launches/0"
	contains(f.msg, "Allrun:7 (mpirun) starts 3 ranks")
}

test_sbatch_mismatch_only if {
	ls := [
		{"file": "job.slurm", "line": 3, "column": 1, "ranks": 2, "command": "srun"},
		{"file": "job.slurm", "line": 5, "column": 1, "ranks": 4, "command": "#SBATCH"},
	]
	fs := ranks.findings with input as doc(2, ls)
	count(fs) == 1
	some f in fs
	f.path == "/launches/1"
}

test_several_dicts if {
	d := doc(2, [{"file": "Allrun", "line": 7, "column": 1, "ranks": 5, "command": "runParallel"}])
	count(ranks.findings) == 0 with input as test.set(d, "/files/system~1decomposeParDict-5", {"numberOfSubdomains": 5})
}

test_uncounted_launch if {
	count(ranks.findings) == 0 with input as doc(2, [{"file": "Allrun", "line": 7, "column": 1, "ranks": 0, "command": "runParallel"}])
}

test_consistent if {
	count(ranks.findings) == 0 with input as doc(2, [{"file": "Allrun", "line": 7, "column": 1, "ranks": 2, "command": "mpirun"}])
	count(ranks.findings) == 0 with input as object.union(test.case, {"launches": [{"file": "Allrun", "line": 7, "column": 1, "ranks": 2, "command": "mpirun"}]})
}
