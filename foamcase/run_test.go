package foamcase

import (
	"reflect"
	"testing"
)

func TestRunOf(t *testing.T) {
	for _, c := range []struct {
		argv []string
		want Run
	}{
		{[]string{"simpleFoam"}, Run{Command: "simpleFoam"}},
		{[]string{"/usr/bin/simpleFoam", "-case", "."}, Run{Command: "simpleFoam"}},
		{[]string{"simpleFoam", "-parallel"}, Run{Command: "simpleFoam", Parallel: true}},
		{[]string{"mpirun", "-np", "4", "simpleFoam", "-parallel"}, Run{Command: "mpirun", Parallel: true, Ranks: 4}},
		{[]string{"srun", "icoFoam", "-parallel"}, Run{Command: "srun", Parallel: true}},
		// mpirun of a serial application runs N copies, none reads the decomposition.
		{[]string{"mpirun", "-np", "2", "simpleFoam"}, Run{Command: "mpirun"}},
		{[]string{"decomposePar", "-force"}, Run{Command: "decomposePar"}},
		{[]string{"./Allrun-parallel"}, Run{Command: "Allrun-parallel", Script: "Allrun-parallel", AllTimes: true}},
		{[]string{"sbatch", "--parsable", "job.slurm"}, Run{Command: "sbatch", Script: "job.slurm", AllTimes: true}},
	} {
		if got := RunOf(c.argv); !reflect.DeepEqual(got, c.want) {
			t.Errorf("RunOf(%q) = %+v, want %+v", c.argv, got, c.want)
		}
	}
}
