package kb

import _ "embed"

// ESI v2506, mined from its sources (github.com/OpenFOAM OpenFOAM-v2506 tag):
//
//	foamc kb build --src OpenFOAM-v2506 -o kb/snapshot/openfoam-v2506.json.gz
//
// Since v1912: `model` names the RAS/LES model beside RASModel/LESModel
// (TurbulenceModels/turbulenceModels/RAS/RASModel/RASModel.C), FoamFile's `version` is
// optional (IOobjectReadHeader.C), interFoam's `density variable` (turbulence on rhoPhi),
// and the boundary conditions of its contracts.
//
//go:embed snapshot/openfoam-v2506.rules.json.gz
var rulesV2506 []byte

var _ = register(Profile{
	ID: "openfoam-v2506", Family: "esi", Version: "v2506", rules: rulesV2506,
	Layout: Layout{
		Transport: "constant/transportProperties", TransportModelKey: "transportModel",
		Turbulence: "constant/turbulenceProperties", ModelKeys: []string{"LESModel", "RASModel", "model"},
		FvOptions: true, PimpleResidualDicts: true, Solvers: true, RelaxationFunction1: true,
		DensityVariable: []string{"interFoam", "interIsoFoam"},
	},
})
