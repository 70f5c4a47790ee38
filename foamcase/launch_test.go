package foamcase

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
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

func TestRunOfAllTimes(t *testing.T) {
	for argv, want := range map[string]bool{
		"icoFoam": false, "mpirun -np 4 simpleFoam -parallel": false, "blockMesh": false, "decomposePar": false,
		"decomposePar -latestTime": true, "icoFoam -postProcess -func mag(U)": true, "postProcess -func mag(U)": true,
		"reconstructPar": true, "foamToVTK": true, "./Allrun": true, "sbatch job.slurm": true, "mpirun -np 2 foamToVTK -parallel": true,
	} {
		if got := RunOf(strings.Fields(argv)).AllTimes; got != want {
			t.Errorf("RunOf(%q).AllTimes = %v, want %v", argv, got, want)
		}
	}
}

// TestPostProcessReadsEveryTime: postProcess reads a later time directory's fields (the
// marker include stops it there), so a lint for it judges every time directory; a lint
// for the solver, which starts at 0, judges 0 only.
func TestPostProcessReadsEveryTime(t *testing.T) {
	foamtest.RequireBinary(t, "postProcess")
	dir := cavity(t)
	run(t, dir, "blockMesh")
	u, err := os.ReadFile(filepath.Join(dir, "0/U"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, "0.5/U", strings.Replace(string(u), "internalField", "#include \"foamc-marker-0.5\"\ninternalField", 1))
	cmd := exec.Command(foamtest.RequireBinary(t, "postProcess"), "-func", "mag(U)")
	cmd.Dir, cmd.Env = dir, append(foamtest.Env(), "PWD="+dir)
	out, _ := cmd.CombinedOutput()
	if !strings.Contains(string(out), "foamc-marker-0.5") {
		t.Fatalf("postProcess did not read 0.5/U:\n%s", out)
	}
	for argv, judged := range map[string]bool{"postProcess -func mag(U)": true, "icoFoam": false} {
		run := RunOf(strings.Fields(argv))
		c, err := Load(dir, Options{Run: &run})
		if err != nil {
			t.Fatal(err)
		}
		_, got := c.Expanded["0.5/U"]
		if got != judged {
			t.Errorf("%s: 0.5/U judged %v, want %v", argv, got, judged)
		}
		if c.Fields["U"] != "0/U" {
			t.Errorf("%s: fields come from %q, want 0/U", argv, c.Fields["U"])
		}
	}
}
