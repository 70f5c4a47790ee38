package compiler

import (
	"strings"
	"testing"
)

// TestRunBlockCompilesJob: run.slurm becomes job.slurm (header from the spec, srun launch)
// and a decomposeParDict chosen from the channel's bounding box; a run.parallel that
// disagrees with nodes x tasksPerNode is a located conflict.
func TestRunBlockCompilesJob(t *testing.T) {
	src := channelKE + `run:
  slurm: {partition: short, account: cfd, nodes: 2, tasksPerNode: 2, time: "01:00:00", modules: [openfoam/v1912], setup: ["export OMP_NUM_THREADS=1"], directives: ["--mem=4G"]}
`
	res, fl := compileSrc(t, src, Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	job := string(res.Files["job.slurm"])
	for _, want := range []string{
		"#SBATCH --ntasks=4\n", "#SBATCH --nodes=2\n", "#SBATCH --ntasks-per-node=2\n", "#SBATCH --partition=short\n",
		"#SBATCH --account=cfd\n", "#SBATCH --time=01:00:00\n", "#SBATCH --mem=4G\n", "module load openfoam/v1912\nexport OMP_NUM_THREADS=1\n",
		"run blockMesh\nrun decomposePar -force\n", "srun --mpi=pmix simpleFoam -parallel > $log 2>&1", "run reconstructPar -latestTime\n",
	} {
		if !strings.Contains(job, want) {
			t.Errorf("job.slurm lacks %q:\n%s", want, job)
		}
	}
	if !res.Executable["job.slurm"] {
		t.Error("job.slurm is not executable")
	}
	dict := string(res.Files["system/decomposeParDict"])
	// The channel is long in x and 2D (empty in z): four slabs along x.
	if !strings.Contains(dict, "numberOfSubdomains 4;") || !strings.Contains(dict, "method          simple;") || !strings.Contains(dict, "(4 1 1)") {
		t.Errorf("decomposeParDict:\n%s", dict)
	}
	if !strings.Contains(string(res.Files["Allrun"]), "mpirun -np 4 simpleFoam -parallel") {
		t.Errorf("Allrun:\n%s", res.Files["Allrun"])
	}

	mpirun := strings.Replace(src, "directives:", "launcher: mpirun, directives:", 1)
	if res, fl = compileSrc(t, mpirun, Options{}); fl != nil || !strings.Contains(string(res.Files["job.slurm"]), `mpirun -np "$SLURM_NTASKS" simpleFoam -parallel`) {
		t.Fatalf("%v\n%s", fl, res.Files["job.slurm"])
	}

	_, fl = compileSrc(t, src+"  parallel: 3\n", Options{})
	if len(fl) != 1 || fl[0].ID != IDConflict || fl[0].Location.Path != "/run/parallel" || !strings.Contains(fl[0].Summary, "2 nodes x 2 tasks per node = 4 tasks") {
		t.Fatalf("findings = %+v", fl)
	}
}

// TestPolyMeshDecomposition: a polyMesh spec's decomposition comes from the bounding box
// readPolyMesh measured, the plate's long x direction split, its empty z never.
func TestPolyMeshDecomposition(t *testing.T) {
	src := plateSpec("{solver: simpleFoam, turbulence: SpalartAllmaras}", "{nu: 1.5e-5}", "U: [10, 0, 0], p: 0", ", p: 0") + "run: {parallel: 2}\n"
	res, fl := compileSrc(t, src, Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	dict := string(res.Files["system/decomposeParDict"])
	if !strings.Contains(dict, "numberOfSubdomains 2;") || !strings.Contains(dict, "(2 1 1)") {
		t.Errorf("decomposeParDict:\n%s", dict)
	}
	if prov := string(res.Files["provenance.json"]); !strings.Contains(prov, "least cut area for bounding box") {
		t.Errorf("the decomposition is not from the mesh's bounding box:\n%s", prov)
	}
}
