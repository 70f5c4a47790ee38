package foamcase

import (
	"reflect"
	"testing"
)

func TestScriptLaunches(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []Launch
	}{
		{"Allrun", "#!/bin/sh\nblockMesh\nmpirun -np 4 simpleFoam -parallel > log 2>&1\nmpirun -np 2 hostname\n",
			[]Launch{{File: "Allrun", Line: 3, Column: 1, Ranks: 4, Command: "mpirun"}}},
		{"Allrun", ". RunFunctions\nrunParallel $(getApplication)\n    runParallel -s x -np 3 icoFoam\n",
			[]Launch{{File: "Allrun", Line: 2, Column: 1, Command: "runParallel"}, {File: "Allrun", Line: 3, Column: 5, Ranks: 3, Command: "runParallel"}}},
		{"job.slurm", "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node 8\nsrun --mpi=pmix pimpleFoam -parallel\n",
			[]Launch{{File: "job.slurm", Line: 4, Column: 1, Command: "srun"}, {File: "job.slurm", Line: 3, Column: 1, Ranks: 16, Command: "#SBATCH"}}},
		{"run.sbatch", "#SBATCH -n 6 # six\n#SBATCH -N 2\nmpirun -np $NP foam -parallel\nsrun -n 6 --ntasks-per-node=3 foam -parallel\n",
			[]Launch{{File: "run.sbatch", Line: 3, Column: 1, Command: "mpirun"}, {File: "run.sbatch", Line: 4, Column: 1, Ranks: 6, Command: "srun"}, {File: "run.sbatch", Line: 1, Column: 1, Ranks: 6, Command: "#SBATCH"}}},
	} {
		if got := scriptLaunches(tc.name, []byte(tc.text)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\n%q\ngot  %+v\nwant %+v", tc.name, tc.text, got, tc.want)
		}
	}
}
