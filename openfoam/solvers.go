package openfoam

import (
	"maps"
	"slices"
)

// Solver is what foamc knows of an OpenFOAM v1912 solver application for every case,
// whichever compiles it: compressibility, steadiness, pressure-velocity algorithm and
// multiphase. Facts are from the solver's sources (applications/solvers/**: createFields.H,
// the algorithm's control object); the compiler's deeper facts of the solvers it writes
// cases for are in kb/curated/solvers.json, checked against this table by a test.
type Solver struct {
	Compressible bool
	Steady       bool
	Algorithm    string // SIMPLE | PISO | PIMPLE | "" (rhoCentralFoam, potentialFoam...)
	Multiphase   bool
}

// solvers are the v1912 solvers whose traits are stable; an unknown solver's traits come
// from its case's files.
var solvers = map[string]Solver{
	"icoFoam":                         {Algorithm: "PISO"},
	"nonNewtonianIcoFoam":             {Algorithm: "PISO"},
	"pisoFoam":                        {Algorithm: "PISO"},
	"pimpleFoam":                      {Algorithm: "PIMPLE"},
	"SRFPimpleFoam":                   {Algorithm: "PIMPLE"},
	"simpleFoam":                      {Steady: true, Algorithm: "SIMPLE"},
	"SRFSimpleFoam":                   {Steady: true, Algorithm: "SIMPLE"},
	"porousSimpleFoam":                {Steady: true, Algorithm: "SIMPLE"},
	"adjointShapeOptimizationFoam":    {Steady: true, Algorithm: "SIMPLE"},
	"boundaryFoam":                    {Steady: true},
	"potentialFoam":                   {Steady: true},
	"overPotentialFoam":               {Steady: true},
	"laplacianFoam":                   {Algorithm: "SIMPLE"},
	"scalarTransportFoam":             {Algorithm: "SIMPLE"},
	"shallowWaterFoam":                {Algorithm: "PIMPLE"},
	"rhoSimpleFoam":                   {Compressible: true, Steady: true, Algorithm: "SIMPLE"},
	"rhoPorousSimpleFoam":             {Compressible: true, Steady: true, Algorithm: "SIMPLE"},
	"buoyantSimpleFoam":               {Compressible: true, Steady: true, Algorithm: "SIMPLE"},
	"rhoPimpleFoam":                   {Compressible: true, Algorithm: "PIMPLE"},
	"rhoPimpleAdiabaticFoam":          {Compressible: true, Algorithm: "PIMPLE"},
	"rhoCentralFoam":                  {Compressible: true},
	"sonicFoam":                       {Compressible: true, Algorithm: "PIMPLE"},
	"sonicLiquidFoam":                 {Compressible: true, Algorithm: "PIMPLE"},
	"buoyantPimpleFoam":               {Compressible: true, Algorithm: "PIMPLE"},
	"buoyantBoussinesqSimpleFoam":     {Steady: true, Algorithm: "SIMPLE"},
	"buoyantBoussinesqPimpleFoam":     {Algorithm: "PIMPLE"},
	"chtMultiRegionFoam":              {Compressible: true, Algorithm: "PIMPLE"},
	"chtMultiRegionSimpleFoam":        {Compressible: true, Steady: true, Algorithm: "SIMPLE"},
	"reactingFoam":                    {Compressible: true, Algorithm: "PIMPLE"},
	"rhoReactingFoam":                 {Compressible: true, Algorithm: "PIMPLE"},
	"rhoReactingBuoyantFoam":          {Compressible: true, Algorithm: "PIMPLE"},
	"XiFoam":                          {Compressible: true, Algorithm: "PIMPLE"},
	"XiDyMFoam":                       {Compressible: true, Algorithm: "PIMPLE"},
	"PDRFoam":                         {Compressible: true, Algorithm: "PIMPLE"},
	"fireFoam":                        {Compressible: true, Algorithm: "PIMPLE"},
	"coldEngineFoam":                  {Compressible: true, Algorithm: "PIMPLE"},
	"engineFoam":                      {Compressible: true, Algorithm: "PIMPLE"},
	"interFoam":                       {Algorithm: "PIMPLE", Multiphase: true},
	"interIsoFoam":                    {Algorithm: "PIMPLE", Multiphase: true},
	"interMixingFoam":                 {Algorithm: "PIMPLE", Multiphase: true},
	"interPhaseChangeFoam":            {Algorithm: "PIMPLE", Multiphase: true},
	"overInterDyMFoam":                {Algorithm: "PIMPLE", Multiphase: true},
	"multiphaseInterFoam":             {Algorithm: "PIMPLE", Multiphase: true},
	"driftFluxFoam":                   {Algorithm: "PIMPLE", Multiphase: true},
	"potentialFreeSurfaceFoam":        {Algorithm: "PIMPLE", Multiphase: true},
	"compressibleInterFoam":           {Compressible: true, Algorithm: "PIMPLE", Multiphase: true},
	"compressibleInterIsoFoam":        {Compressible: true, Algorithm: "PIMPLE", Multiphase: true},
	"compressibleMultiphaseInterFoam": {Compressible: true, Algorithm: "PIMPLE", Multiphase: true},
	"cavitatingFoam":                  {Compressible: true, Algorithm: "PIMPLE", Multiphase: true},
	"twoLiquidMixingFoam":             {Algorithm: "PIMPLE", Multiphase: true},
	"twoPhaseEulerFoam":               {Compressible: true, Algorithm: "PIMPLE", Multiphase: true},
	"multiphaseEulerFoam":             {Compressible: true, Algorithm: "PIMPLE", Multiphase: true},
	"reactingTwoPhaseEulerFoam":       {Compressible: true, Algorithm: "PIMPLE", Multiphase: true},
	"reactingMultiphaseEulerFoam":     {Compressible: true, Algorithm: "PIMPLE", Multiphase: true},
	"icoReactingMultiphaseInterFoam":  {Compressible: true, Algorithm: "PIMPLE", Multiphase: true},
}

// LookupSolver returns the traits of a v1912 solver application.
func LookupSolver(name string) (Solver, bool) {
	s, ok := solvers[name]
	return s, ok
}

// SolverNames lists the solvers LookupSolver knows, sorted.
func SolverNames() []string { return slices.Sorted(maps.Keys(solvers)) }
