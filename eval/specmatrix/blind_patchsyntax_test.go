package specmatrix_test

// Blind specs on tutorial meshes whose blockMeshDicts declare their patches with the older
// `patches ( type name (faces) … )` list, or for which blockMesh writes defaultFaces
// (issue 27): the user names every patch blockMesh's output shows, defaultFaces included.
// They join the blind table (TestBlindSpecs; the sample in CI, all under make matrix).
func init() {
	blindSpecs = append(blindSpecs, blindSyntaxSpecs...)
}

var blindSyntaxSpecs = []blindSpec{
	// The patches list with an empty frontAndBackPlanes: a 2-D column of air.
	{name: "fluidisedBed-patches-list", sample: true, yaml: `
mesh: {blockMeshDict: {{T}}/multiphase/reactingTwoPhaseEulerFoam/laminar/fluidisedBed/system/blockMeshDict}
physics: {solver: pimpleFoam, turbulence: laminar}
fluid: {nu: 1.5e-5}
boundaries:
  inlet: {role: inlet, U: [0, 0.25, 0]}
  outlet: {role: outlet, p: 0}
  walls: {role: wall}
  frontAndBackPlanes: {role: empty}
control: {endTime: 0.5, maxCo: 0.5}`},
	// The wedge whose defaultFaces blockMesh writes without faces, named as blockMesh shows it.
	{name: "ladenburg-defaultFaces-named", sample: true, yaml: `
mesh: {blockMeshDict: {{T}}/compressible/rhoCentralFoam/LadenburgJet60psi/system/blockMeshDict}
physics: {solver: rhoCentralFoam, turbulence: laminar}
fluid: {molWeight: 28.9, Cp: 1005, mu: 0}
boundaries:
  inlet: {role: inlet, U: [315.6, 0, 0], p: 271724, T: 247.1}
  freestreamInlet: {role: wall, T: 297}
  freestream: {role: outlet, p: 101325}
  outlet: {role: outlet, p: 101325}
  wedge1: {role: wedge}
  wedge2: {role: wedge}
  defaultFaces: {role: empty}
control: {endTime: 1e-7, maxCo: 0.2}`},
	// The patches list leaves front and back to defaultFaces (empty): compressible flow up
	// the column.
	{name: "steamInjection-patches-rhoPimple", yaml: `
mesh: {blockMeshDict: {{T}}/multiphase/reactingTwoPhaseEulerFoam/laminar/steamInjection/system/blockMeshDict}
physics: {solver: rhoPimpleFoam, turbulence: kEpsilon}
fluid: {molWeight: 28.9, Cp: 1005, mu: 1.8e-5}
boundaries:
  inlet: {role: inlet, U: [0, 0.5, 0], T: 300}
  outlet: {role: outlet, p: 100000}
  walls: {role: wall}
  defaultFaces: {role: empty}
control: {endTime: 0.2, maxCo: 0.5}`},
	// A column open only at the top, heated from its walls.
	{name: "injection-patches-buoyant", yaml: `
mesh: {blockMeshDict: {{T}}/multiphase/reactingTwoPhaseEulerFoam/laminar/injection/system/blockMeshDict}
physics: {solver: buoyantPimpleFoam, turbulence: laminar, gravity: [0, -9.81, 0]}
fluid: {molWeight: 28.9, Cp: 1005, mu: 1.8e-5}
initial: {T: 300}
boundaries:
  outlet: {role: outlet, p: 100000, T: 300}
  walls: {role: wall, T: 310}
  defaultFaces: {role: empty}
control: {endTime: 0.5, maxCo: 0.5}`},
}
