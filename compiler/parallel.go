package compiler

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/foamcase/polymesh"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/openfoam"
)

// ranks is the MPI rank count the run block asks for: run.parallel, else the Slurm
// allocation (nodes x tasksPerNode), else 1 (serial).
func ranks(s *Spec) int {
	if s.Run.Parallel > 0 {
		return s.Run.Parallel
	}
	if sl := s.Run.Slurm; sl != nil && sl.TasksPerNode > 0 {
		return max(sl.Nodes, 1) * sl.TasksPerNode
	}
	return 1
}

// checkRun reports a run block whose rank count and Slurm allocation disagree: the job
// would ask for one number of tasks and decompose for another.
func (c *settlement) checkRun() {
	sl := c.spec.Run.Slurm
	if sl == nil || c.spec.Run.Parallel == 0 || sl.TasksPerNode == 0 {
		return
	}
	if alloc := max(sl.Nodes, 1) * sl.TasksPerNode; alloc != c.spec.Run.Parallel {
		c.fail(IDConflict, "/run/parallel", fmt.Sprintf("run.parallel is %d but run.slurm asks for %d nodes x %d tasks per node = %d tasks",
			c.spec.Run.Parallel, max(sl.Nodes, 1), sl.TasksPerNode, alloc),
			"make run.parallel equal nodes x tasksPerNode, or leave one of them out")
	}
}

// meshExtent is the bounding box of the spec's mesh (blockMeshDict vertices, an ASCII
// polyMesh points file) and whether it is known. A polyMesh's box is the one readPolyMesh
// measured (mesh.Extent, zero when the points are binary): its points are not read twice.
func (c *resolution) meshExtent() ([3]float64, bool) {
	switch c.mesh.Kind {
	case "blockMeshDict":
		if c.mesh.file != nil {
			return blockExtent(c.mesh.file.Body)
		}
	case "polyMesh", "geometry":
		return c.mesh.Extent, c.mesh.Extent != [3]float64{}
	}
	return [3]float64{}, false
}

// blockExtent is the bounding box of a blockMeshDict's vertices (scale applied; curved
// edges bulging outside it are ignored: the box only orders the directions).
func blockExtent(body *grammar.Dict) ([3]float64, bool) {
	verts, _, bad := foamcase.BlockVertices(body)
	if bad != nil || len(verts) == 0 {
		return [3]float64{}, false
	}
	lo, hi := polymesh.Box(verts)
	// The scale only multiplies; the direction order does not depend on it.
	return [3]float64{hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]}, true
}

// decomposition chooses the split for the spec's rank count from the mesh
// (openfoam.ChooseDecomposition): geometric, never across the empty direction of a 2D mesh.
func (c *emission) decomposition() (openfoam.Decomposition, string) {
	n := ranks(c.spec)
	ext, ok := c.meshExtent()
	if !ok {
		return openfoam.ChooseDecomposition(n, ext, [3]bool{}), "mesh extent unknown (" + c.mesh.Kind + "): slabs along x"
	}
	var skip [3]bool
	if c.feat.TwoD {
		skip = openfoam.ThinDirection(ext)
	}
	d := openfoam.ChooseDecomposition(n, ext, skip)
	return d, fmt.Sprintf("least cut area for bounding box %gx%gx%g%s", clean(ext[0]), clean(ext[1]), clean(ext[2]),
		map[bool]string{true: ", 2D: the thin direction is not cut"}[c.feat.TwoD])
}

// emitDecompose writes system/decomposeParDict when the run block asks for more than one
// rank. Debian's v1912 ships scotch, metis and kahip as stubs, so the method is geometric.
func (c *emission) emitDecompose() {
	n := ranks(c.spec)
	if n < 2 {
		return
	}
	src := specSrc("/run/parallel")
	if c.spec.Run.Parallel == 0 {
		src = specSrc("/run/slurm/tasksPerNode")
	}
	dc, why := c.decomposition()
	d := c.file("system/decomposeParDict", "dictionary")
	d.set("numberOfSubdomains", src, grammar.Label(int64(n)))
	m := curated(dc.Method + " decomposition, " + why + " (scotch and metis are stubs in the Debian v1912 build)")
	d.set("method", m, grammar.NewWord(dc.Method))
	co := d.sub("coeffs")
	co.set("n", m, grammar.Vector(float64(dc.N[0]), float64(dc.N[1]), float64(dc.N[2])))
	if dc.Method == "hierarchical" {
		co.set("order", m, grammar.NewWord("xyz"))
	}
}

// meshSteps are the shell lines that make the mesh and set the initial regions (run is the
// script's logging helper).
func (c scripts) meshSteps(b *bytes.Buffer) {
	switch c.mesh.Kind {
	case "blockMeshDict":
		b.WriteString("run blockMesh\n")
	case "geometry":
		// snappyHexMesh meshes around the checked surfaces; checkMesh's verdict is logged.
		b.WriteString("run blockMesh\nrun surfaceFeatureExtract\nrun snappyHexMesh -overwrite\nrun checkMesh\n")
	case "gmsh":
		b.WriteString("run gmshToFoam mesh.msh\n")
		for _, pt := range c.mesh.Patches {
			if t := c.sol["mesh/"+pt.Name+"/type"]; t != "" && t != pt.Type {
				fmt.Fprintf(b, "foamDictionary constant/polyMesh/boundary -entry entry0/%s/type -set %s > /dev/null\n", pt.Name, t)
			}
		}
	}
	if len(c.spec.Regions) > 0 {
		// One mesh region per cell zone, connected or not (the conjugate heat transfer family).
		b.WriteString("run splitMeshRegions -cellZonesOnly -overwrite\n")
	}
	if len(c.spec.Initial.Regions) > 0 {
		b.WriteString("run setFields\n")
	}
}

// jobSlurm writes job.slurm: the #SBATCH header from run.slurm, the environment set-up, then
// mesh, decompose, the solver on all ranks (srun or mpirun), reconstruct. The solver's log
// is log.<application> as in Allrun, which `foamc run --slurm` follows and classifies.
func (c scripts) jobSlurm() []byte {
	sl := c.spec.Run.Slurm
	n := ranks(c.spec)
	app := c.app
	var b bytes.Buffer
	fmt.Fprintf(&b, "#!/bin/bash\n# Generated by foamc compile: mesh, decompose, run %s on %d rank(s), reconstruct.\n", app, n)
	b.WriteString("# Submit with foamc run --slurm CASE, sbatch --chdir=CASE CASE/job.slurm, or sbatch job.slurm in CASE.\n")
	name := c.spec.Name
	if name == "" {
		name = c.solver
	}
	fmt.Fprintf(&b, "#SBATCH --job-name=%s\n", strings.Join(strings.Fields(name), "-"))
	fmt.Fprintf(&b, "#SBATCH --ntasks=%d\n", n)
	if sl.Nodes > 0 {
		fmt.Fprintf(&b, "#SBATCH --nodes=%d\n", sl.Nodes)
	}
	if sl.TasksPerNode > 0 {
		fmt.Fprintf(&b, "#SBATCH --ntasks-per-node=%d\n", sl.TasksPerNode)
	}
	for _, kv := range [][2]string{{"partition", sl.Partition}, {"account", sl.Account}, {"time", sl.Time}} {
		if kv[1] != "" {
			fmt.Fprintf(&b, "#SBATCH --%s=%s\n", kv[0], kv[1])
		}
	}
	b.WriteString("#SBATCH --output=log.slurm-%j\n")
	for _, d := range sl.Directives {
		fmt.Fprintf(&b, "#SBATCH %s\n", d)
	}
	// sbatch --chdir=CASE starts the script in the case; plain `sbatch job.slurm` in the
	// directory it was submitted from (Slurm runs a spooled copy, so $0 is no guide).
	b.WriteString("set -e\n[ -f system/controlDict ] || cd \"$SLURM_SUBMIT_DIR\"\n")
	for _, m := range sl.Modules {
		fmt.Fprintf(&b, "module load %s\n", m)
	}
	for _, l := range sl.Setup {
		b.WriteString(l + "\n")
	}
	b.WriteString(c.env)
	c.meshSteps(&b)
	if n < 2 {
		fmt.Fprintf(&b, "run %s\n", app)
		return b.Bytes()
	}
	launch := "mpirun -np \"$SLURM_NTASKS\""
	if sl.Launcher != "mpirun" {
		mpi := sl.MPI
		if mpi == "" {
			mpi = "pmix"
		}
		launch = "srun --mpi=" + mpi
	}
	c.parallelSteps(&b, launch, n)
	return b.Bytes()
}

// parallelSteps decomposes, runs the application with launch on n ranks (its log is
// log.<application>, as a serial run's) and reconstructs the latest time.
func (c scripts) parallelSteps(b *bytes.Buffer, launch string, n int) {
	s := c.app
	b.WriteString("run decomposePar -force\n")
	fmt.Fprintf(b, "log=log.%s; rm -f $log; echo \"Running %s in parallel on %d processors\"\n", s, s, n)
	fmt.Fprintf(b, "%s %s -parallel > $log 2>&1 || { tail -n 30 $log; exit 1; }\n", launch, s)
	b.WriteString("run reconstructPar -latestTime\n")
}

// writeJob adds job.slurm to the result when the spec has a run.slurm block.
func (c scripts) writeJob(r *Result) {
	if c.spec.Run.Slurm == nil {
		return
	}
	r.Files["job.slurm"] = c.jobSlurm()
	r.Executable["job.slurm"] = true
	r.Provenance["/files/job.slurm"] = specSrc("/run/slurm")
}
