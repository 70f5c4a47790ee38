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
	// Regions are the fluid and solid regions of a conjugate heat transfer case, by the
	// cell zone splitMeshRegions makes each of (docs/spec.md, Regions).
	Regions  map[string]*Region `json:"regions,omitempty"`
	Numerics NumericsSpec       `json:"numerics"`
	Control  ControlSpec        `json:"control"`
	Outputs  OutputsSpec        `json:"outputs"`
	Run      RunSpec            `json:"run"`
	// Reaction is the reacting mixture of reactingFoam (docs/spec.md, Reacting flow).
	Reaction *ReactionSpec `json:"reaction,omitempty"`
	// Expect is what the run must measure (docs/spec.md, Expectations).
	Expect []Expect `json:"expect,omitempty"`
	// Scalars are passive scalars (docs/spec.md, Passive scalars).
	Scalars []ScalarSpec `json:"scalars,omitempty"`

	// Dir is the directory spec paths are relative to; Doc locates fields in the spec file.
	Dir string    `json:"-"`
	Doc *Document `json:"-"`
}

type MeshSpec struct {
	BlockMeshDict string            `json:"blockMeshDict,omitempty"`
	PolyMesh      string            `json:"polyMesh,omitempty"`
	Gmsh          string            `json:"gmsh,omitempty"`
	Geometry      *GeometrySpec     `json:"geometry,omitempty"`
	PatchTypes    map[string]string `json:"patchTypes,omitempty"`
}

// GeometrySpec is mesh.geometry: surfaces that snappyHexMesh meshes around (external flow)
// or inside (internal flow), docs/geometry.md.
type GeometrySpec struct {
	Surfaces []GeometrySurface `json:"surfaces"`
	// Flow is external (a domain built around the bodies) or internal (the surfaces bound it).
	Flow string `json:"flow"`
	// Direction is the free stream's direction (external; default +x).
	Direction []float64 `json:"direction,omitempty"`
	// Domain are the external domain's distances in body lengths.
	Domain *GeometryDomain `json:"domain,omitempty"`
	// Cells is a target cell count; CellSize the cell size at the surfaces (metres).
	Cells    *int     `json:"cells,omitempty"`
	CellSize *float64 `json:"cellSize,omitempty"`
	// FeatureAngle: edges whose faces meet at more than this angle (degrees) are features,
	// refined one level finer than the surface.
	FeatureAngle *float64 `json:"featureAngle,omitempty"`
	// Boxes are refinement boxes (a wake).
	Boxes []GeometryBox `json:"boxes,omitempty"`
	// Layers are boundary layers on the wall surfaces.
	Layers *GeometryLayers `json:"layers,omitempty"`
}

// GeometrySurface is one surface file.
type GeometrySurface struct {
	File string `json:"file"`
	// Name names the surface and its patch (default: the file's stem).
	Name string `json:"name,omitempty"`
	// Units (m, cm, mm, in, ft) or Scale convert the file's coordinates to metres.
	Units string   `json:"units,omitempty"`
	Scale *float64 `json:"scale,omitempty"`
	// Role is the patch's role (default wall); Regions gives a role per STL solid / OBJ
	// group, each then its own patch <name>_<region>.
	Role    string            `json:"role,omitempty"`
	Regions map[string]string `json:"regions,omitempty"`
}

// GeometryDomain are an external domain's distances from the bodies in body lengths.
type GeometryDomain struct {
	Upstream   *float64 `json:"upstream,omitempty"`
	Downstream *float64 `json:"downstream,omitempty"`
	Lateral    *float64 `json:"lateral,omitempty"`
}

// GeometryBox is a refinement box: cells inside are refined to Level levels above the
// background (or to the cell size CellSize).
type GeometryBox struct {
	Min      []float64 `json:"min"`
	Max      []float64 `json:"max"`
	Level    *int      `json:"level,omitempty"`
	CellSize *float64  `json:"cellSize,omitempty"`
}

// GeometryLayers are boundary layers from a target y+ (the spec's reference U and length
// and fluid nu give the Reynolds number).
type GeometryLayers struct {
	YPlus     *float64 `json:"yPlus,omitempty"`
	Layers    *int     `json:"layers,omitempty"`
	Expansion *float64 `json:"expansion,omitempty"`
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
	// Phases are the two immiscible phases of a VoF solver; the first is alpha's phase.
	Phases []Phase  `json:"phases,omitempty"`
	Sigma  *float64 `json:"sigma,omitempty"`
}

// Phase is one phase of a VoF solver: its name (alpha.<name>), density and kinematic
// viscosity.
type Phase struct {
	Name string  `json:"name"`
	Rho  float64 `json:"rho"`
	Nu   float64 `json:"nu"`
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

	// H is shallowWaterFoam's water depth, H0 its bed elevation (docs/spec.md, Shallow water).
	H  *float64 `json:"h,omitempty"`
	H0 *float64 `json:"h0,omitempty"`

	// Alpha is the initial volume fraction of the first phase (VoF).
	Alpha *float64 `json:"alpha,omitempty"`
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

	// H, H0 and Scalars: as in InitialSpec and ScalarSpec, by name.
	H       *float64           `json:"h,omitempty"`
	H0      *float64           `json:"h0,omitempty"`
	Scalars map[string]float64 `json:"scalars,omitempty"`

	// Alpha is the volume fraction of the first phase in the box (VoF).
	Alpha *float64 `json:"alpha,omitempty"`

	// Species are the mass fractions in the box (reactingFoam): a full composition, a
	// specie it does not name is 0 there (an igniter of burnt products).
	Species map[string]float64 `json:"species,omitempty"`
}

// ScalarSpec is one passive scalar: scalarTransportFoam's T, or a scalarTransport function
// object of an incompressible case.
type ScalarSpec struct {
	Name        string   `json:"name"`
	Diffusivity float64  `json:"diffusivity"`
	Initial     *float64 `json:"initial,omitempty"`
	Inlet       *float64 `json:"inlet,omitempty"`
}

// Region is one region of a conjugate heat transfer case: a fluid or a solid with its
// material, initial state, heat source and its own boundary entries.
type Region struct {
	Kind       string               `json:"kind"`
	Material   Material             `json:"material"`
	T          *float64             `json:"T,omitempty"`
	P          *float64             `json:"p,omitempty"`
	U          []float64            `json:"U,omitempty"`
	HeatSource *float64             `json:"heatSource,omitempty"`
	FrozenFlow bool                 `json:"frozenFlow,omitempty"`
	Boundaries map[string]*Boundary `json:"boundaries,omitempty"`
}

// Material is a region's thermophysical properties (a fluid: rho or molWeight, Cp, mu, Pr;
// a solid: rho, Cp, kappa).
type Material struct {
	Rho       *float64 `json:"rho,omitempty"`
	MolWeight *float64 `json:"molWeight,omitempty"`
	Cp        *float64 `json:"Cp,omitempty"`
	Mu        *float64 `json:"mu,omitempty"`
	Pr        *float64 `json:"Pr,omitempty"`
	Kappa     *float64 `json:"kappa,omitempty"`
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

	// H and HU are a shallow-water patch's depth and discharge per unit width; Scalars the
	// passive scalar values held on it, by name.
	H       *float64           `json:"h,omitempty"`
	HU      []float64          `json:"hU,omitempty"`
	Scalars map[string]float64 `json:"scalars,omitempty"`

	// Alpha is the volume fraction of the first phase that enters (VoF inlet).
	Alpha *float64 `json:"alpha,omitempty"`

	// Species are the mass fractions entering through the patch (reactingFoam).
	Species map[string]float64 `json:"species,omitempty"`
}

// ReactionSpec is a reacting gas mixture: its mechanism (species, reactions and their JANAF
// thermo), the initial composition, chemistry and combustion model (docs/spec.md).
type ReactionSpec struct {
	// Mechanism names a mechanism foamc carries (methaneOneStep) or is left empty when
	// Reactions and Thermo give foam-format files (CHEMKIN converted with chemkinToFoam).
	Mechanism string `json:"mechanism,omitempty"`
	Reactions string `json:"reactions,omitempty"`
	Thermo    string `json:"thermo,omitempty"`
	// InertSpecie is the specie reactingFoam does not solve (1 - the others).
	InertSpecie string `json:"inertSpecie,omitempty"`
	// Initial is the initial mass fraction of each named specie (summing to 1).
	Initial    map[string]float64 `json:"initial,omitempty"`
	Combustion string             `json:"combustion,omitempty"`
	Chemistry  *ChemistrySpec     `json:"chemistry,omitempty"`
}

// ChemistrySpec is constant/chemistryProperties: on or off, the chemistry solver, its ODE
// solver and the initial chemical time step.
type ChemistrySpec struct {
	Enabled         *bool    `json:"enabled,omitempty"`
	Solver          string   `json:"solver,omitempty"`
	ODE             string   `json:"ode,omitempty"`
	InitialTimeStep *float64 `json:"initialTimeStep,omitempty"`
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
	// MaxAlphaCo is the interface Courant number of a VoF solver (kb when absent).
	MaxAlphaCo *float64 `json:"maxAlphaCo,omitempty"`
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
