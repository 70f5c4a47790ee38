package schema

import (
	"encoding/json"
	"fmt"
	"path/filepath"
)

// RecordedSpec is the file in a compiled case that records the spec it was compiled from
// (canonical JSON): foamc compile writes it, foamc verify reads it when no --spec is given.
const RecordedSpec = "foamc.spec.json"

// Spec is a validated case spec (docs/spec.md, version 1). Optional numbers are pointers so
// "not given" differs from 0.
type Spec struct {
	Version     int                  `json:"version"`
	Name        string               `json:"name"`
	Target      string               `json:"target,omitempty"`
	Description string               `json:"description,omitempty"`
	Mesh        MeshSpec             `json:"mesh"`
	Physics     PhysicsSpec          `json:"physics"`
	Fluid       FluidSpec            `json:"fluid"`
	Reference   ReferenceSpec        `json:"reference"`
	Initial     InitialSpec          `json:"initial"`
	Boundaries  map[string]*Boundary `json:"boundaries"`
	Numerics    NumericsSpec         `json:"numerics"`
	Control     ControlSpec          `json:"control"`
	Outputs     OutputsSpec          `json:"outputs"`
	Run         RunSpec              `json:"run"`
	// Expect is what the run must measure (docs/spec.md, Expectations).
	Expect []Expect `json:"expect,omitempty"`

	// Dir is the directory spec paths are relative to; Doc locates fields in the spec file.
	Dir string    `json:"-"`
	Doc *Document `json:"-"`
}

type MeshSpec struct {
	BlockMeshDict string            `json:"blockMeshDict,omitempty"`
	PolyMesh      string            `json:"polyMesh,omitempty"`
	Gmsh          string            `json:"gmsh,omitempty"`
	PatchTypes    map[string]string `json:"patchTypes,omitempty"`
}

type FlowSpec struct {
	Compressible *bool `json:"compressible,omitempty"`
	Steady       *bool `json:"steady,omitempty"`
}

type PhysicsSpec struct {
	Solver     string    `json:"solver,omitempty"`
	Flow       FlowSpec  `json:"flow"`
	Turbulence string    `json:"turbulence"`
	LESDelta   string    `json:"lesDelta,omitempty"`
	Energy     string    `json:"energy,omitempty"`
	Gravity    []float64 `json:"gravity,omitempty"`
}

type FluidSpec struct {
	Nu        *float64 `json:"nu,omitempty"`
	Rho       *float64 `json:"rho,omitempty"`
	MolWeight *float64 `json:"molWeight,omitempty"`
	Cp        *float64 `json:"Cp,omitempty"`
	Mu        *float64 `json:"mu,omitempty"`
	Pr        *float64 `json:"Pr,omitempty"`
}

type ReferenceSpec struct {
	U         *float64 `json:"U,omitempty"`
	Length    *float64 `json:"length,omitempty"`
	P         *float64 `json:"p,omitempty"`
	T         *float64 `json:"T,omitempty"`
	Intensity *float64 `json:"intensity,omitempty"`
}

type InitialSpec struct {
	U       []float64 `json:"U,omitempty"`
	P       *float64  `json:"p,omitempty"`
	T       *float64  `json:"T,omitempty"`
	K       *float64  `json:"k,omitempty"`
	Epsilon *float64  `json:"epsilon,omitempty"`
	Omega   *float64  `json:"omega,omitempty"`
	NuTilda *float64  `json:"nuTilda,omitempty"`
	Nut     *float64  `json:"nut,omitempty"`
	// Regions are boxes of cells that start from other values (system/setFieldsDict).
	Regions []InitialRegion `json:"regions,omitempty"`
}

// InitialRegion is one box of initial.regions: the cells whose centres lie inside it take
// the given values instead of the initial ones.
type InitialRegion struct {
	Box struct {
		Min []float64 `json:"min"`
		Max []float64 `json:"max"`
	} `json:"box"`
	U []float64 `json:"U,omitempty"`
	P *float64  `json:"p,omitempty"`
	T *float64  `json:"T,omitempty"`
}

type TurbulenceInlet struct {
	Intensity   *float64 `json:"intensity,omitempty"`
	LengthScale *float64 `json:"lengthScale,omitempty"`
	K           *float64 `json:"k,omitempty"`
	Epsilon     *float64 `json:"epsilon,omitempty"`
	Omega       *float64 `json:"omega,omitempty"`
	NuTilda     *float64 `json:"nuTilda,omitempty"`
	Nut         *float64 `json:"nut,omitempty"`
}

type Boundary struct {
	Role       string           `json:"role"`
	U          *Velocity        `json:"U,omitempty"`
	P          *Scalar          `json:"p,omitempty"`
	T          *Scalar          `json:"T,omitempty"`
	Turbulence *TurbulenceInlet `json:"turbulence,omitempty"`
	Velocity   []float64        `json:"velocity,omitempty"`
	Slip       bool             `json:"slip,omitempty"`
	HeatFlux   *float64         `json:"heatFlux,omitempty"`
}

type NumericsSpec struct {
	// Profile pins the numerics profile: accurate (the default) or robust (docs/compiler.md).
	Profile    string         `json:"profile,omitempty"`
	FvSchemes  map[string]any `json:"fvSchemes,omitempty"`
	FvSolution map[string]any `json:"fvSolution,omitempty"`
}

type ControlSpec struct {
	EndTime       float64  `json:"endTime"`
	DeltaT        *float64 `json:"deltaT,omitempty"`
	WriteInterval *float64 `json:"writeInterval,omitempty"`
	MaxCo         *float64 `json:"maxCo,omitempty"`
}

type ForceCoeffs struct {
	Patches   []string  `json:"patches"`
	RhoInf    *float64  `json:"rhoInf,omitempty"`
	MagUInf   *float64  `json:"magUInf,omitempty"`
	LRef      *float64  `json:"lRef,omitempty"`
	ARef      *float64  `json:"Aref,omitempty"`
	LiftDir   []float64 `json:"liftDir,omitempty"`
	DragDir   []float64 `json:"dragDir,omitempty"`
	CofR      []float64 `json:"CofR,omitempty"`
	PitchAxis []float64 `json:"pitchAxis,omitempty"`
}

type OutputsSpec struct {
	ForceCoeffs *ForceCoeffs `json:"forceCoeffs,omitempty"`
	Residuals   bool         `json:"residuals,omitempty"`
}

type RunSpec struct {
	Parallel int        `json:"parallel,omitempty"`
	Slurm    *SlurmSpec `json:"slurm,omitempty"`
}

// SlurmSpec is the batch job job.slurm asks for (docs/parallel.md).
type SlurmSpec struct {
	Partition    string `json:"partition,omitempty"`
	Account      string `json:"account,omitempty"`
	Nodes        int    `json:"nodes,omitempty"`
	TasksPerNode int    `json:"tasksPerNode,omitempty"`
	Time         string `json:"time,omitempty"`
	// Modules are loaded with `module load` before anything runs; Setup lines follow them
	// verbatim (source a bashrc, export variables).
	Modules []string `json:"modules,omitempty"`
	Setup   []string `json:"setup,omitempty"`
	// Directives are extra #SBATCH options, e.g. "--mem=4G".
	Directives []string `json:"directives,omitempty"`
	// Launcher starts the ranks: srun (default, with --mpi=MPI, default pmix) or mpirun.
	Launcher string `json:"launcher,omitempty"`
	MPI      string `json:"mpi,omitempty"`
}

// LoadSpec reads, validates and decodes a spec file; its relative paths resolve against
// the file's directory. The error is a finding.List of located problems.
func LoadSpec(path string) (*Spec, error) {
	d, err := Load(path)
	if err != nil {
		return nil, err
	}
	if err := d.ValidateSpec(); err != nil {
		return nil, err
	}
	return DecodeSpec(d, filepath.Dir(path))
}

// ParseSpec validates and decodes spec bytes (YAML or JSON). file names them in findings
// and dir resolves the spec's relative paths (the natural-language path writes the spec
// first).
func ParseSpec(file string, data []byte, dir string) (*Spec, error) {
	d, err := Parse(file, data)
	if err != nil {
		return nil, err
	}
	if err := d.ValidateSpec(); err != nil {
		return nil, err
	}
	return DecodeSpec(d, dir)
}

// DecodeSpec turns a validated document into the Spec value (the one decoder: the compiler
// re-decodes after a filled slot changes the document). The schema already checked the
// shapes, so the JSON round trip fails only on a bug.
func DecodeSpec(doc *Document, dir string) (*Spec, error) {
	raw, err := json.Marshal(doc.Value)
	if err != nil {
		return nil, fmt.Errorf("re-encoding spec %s: %w", doc.File, err)
	}
	s := &Spec{}
	if err := json.Unmarshal(raw, s); err != nil {
		return nil, fmt.Errorf("decoding validated spec %s: %w", doc.File, err)
	}
	s.Dir, s.Doc = dir, doc
	return s, nil
}

// JSON returns the spec as canonical JSON (what the slot filler receives).
func (s *Spec) JSON() []byte {
	b, _ := json.Marshal(s.Doc.Value)
	return b
}

// Path resolves a spec-relative path.
func (s *Spec) Path(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(s.Dir, p)
}

// Patch returns mesh.patchTypes (never nil).
func (s *Spec) Patch() map[string]string {
	if s.Mesh.PatchTypes == nil {
		return map[string]string{}
	}
	return s.Mesh.PatchTypes
}
