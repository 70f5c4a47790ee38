package specmatrix_test

// Blind reacting specs (issue 21): written from docs/spec.md ("Reacting flow") alone, on the
// reactingFoam RAS tutorials' meshes, which the reacting matrix does not use. The fuel is the
// mechanism's methane (the tutorials burn GRI mixtures); an axisymmetric burner's wedges and
// axis are named with the roles the docs give them.
func init() {
	blindSpecs = append(blindSpecs,
		// The Sandia piloted jet flame D burner: methane jet, a burnt pilot, co-flowing air.
		blindSpec{name: "reacting-sandiaD", sample: true, yaml: `
mesh: {blockMeshDict: {{T}}/combustion/reactingFoam/RAS/SandiaD_LTS/system/blockMeshDict}
physics: {solver: reactingFoam, turbulence: kEpsilon}
reaction:
  mechanism: methaneOneStep
  inertSpecie: N2
  initial: {O2: 0.23, N2: 0.77}
  combustion: EDC
initial: {U: [0, 0, 0], p: 100000, T: 300}
boundaries:
  inletCH4: {role: inlet, U: [0, 0, 49.6], T: 294, species: {CH4: 1}}
  inletPilot: {role: inlet, U: [0, 0, 11.4], T: 1880, species: {CO2: 0.1098, H2O: 0.0942, O2: 0.054, N2: 0.742}}
  inletAir: {role: inlet, U: [0, 0, 0.9], T: 291, species: {O2: 0.23, N2: 0.77}}
  outlet: {role: outlet, p: 100000}
  wallTube: {role: wall}
  wallOutside: {role: wall}
  axis: {role: empty}
  frontAndBack_pos: {role: wedge}
  frontAndBack_neg: {role: wedge}
control: {endTime: 3e-05, deltaT: 1e-06, writeInterval: 3e-05}`},
		// The DLR jet flame A burner with a methane jet into air, ignited by hot initial gas.
		blindSpec{name: "reacting-dlrA", yaml: `
mesh: {blockMeshDict: {{T}}/combustion/reactingFoam/RAS/DLR_A_LTS/system/blockMeshDict}
physics: {solver: reactingFoam, turbulence: kOmegaSST}
reaction:
  mechanism: methaneOneStep
  initial: {O2: 0.23, N2: 0.77}
boundaries:
  inletfuel: {role: inlet, U: [0, 0, 42.2], T: 292, species: {CH4: 1}}
  inletair: {role: inlet, U: [0, 0, 0.3], T: 292, species: {O2: 0.23, N2: 0.77}}
  outlet: {role: outlet, p: 100000}
  leftside: {role: wall}
  burnerwall: {role: wall}
  burnertip: {role: wall}
  axis: {role: empty}
  front: {role: wedge}
  back: {role: wedge}
initial: {p: 100000, T: 1500}
control: {endTime: 3e-05, deltaT: 1e-06, writeInterval: 3e-05}`},
		// The choked nozzle, fed with premixed stoichiometric methane-air (PaSR).
		blindSpec{name: "reacting-chokedNozzle", yaml: `
mesh: {blockMeshDict: {{T}}/combustion/reactingFoam/RAS/chokedNozzle/system/blockMeshDict}
physics: {solver: reactingFoam, turbulence: kEpsilon}
reaction:
  mechanism: methaneOneStep
  inertSpecie: N2
  initial: {CH4: 0.05451, O2: 0.21746, N2: 0.72803}
  combustion: PaSR
  chemistry: {solver: ode, ode: seulex}
initial: {U: [0, 0, 0], p: 100000, T: 2000}
boundaries:
  inletair: {role: inlet, U: [5, 0, 0], T: 300, species: {CH4: 0.05451, O2: 0.21746, N2: 0.72803}}
  outlet: {role: outlet, p: 100000}
  walls: {role: wall}
control: {endTime: 3e-05, deltaT: 1e-06, writeInterval: 3e-05}`},
	)
}
