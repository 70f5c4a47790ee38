package kb

import _ "embed"

// Foundation 12 (github.com/OpenFOAM/OpenFOAM-12), mined from its sources, solver modules
// (applications/modules) included:
//
//	foamc kb build --src OpenFOAM-12 -o kb/snapshot/openfoam-12.json.gz
//
// The Foundation layout: physicalProperties with viscosityModel, momentumTransport with
// `model`, `application foamRun;` + `solver <module>;`, system/functions (#includeFunc),
// fvModels/fvConstraints instead of fvOptions, PIMPLE residualControl as plain
// tolerances. foamc has no curated table of its solver modules, so rules that need a
// solver's traits do not judge its cases.
//
//go:embed snapshot/openfoam-12.rules.json.gz
var rules12 []byte

var _ = register(Profile{
	ID: "openfoam-12", Family: "foundation", Version: "12", rules: rules12,
	Layout: Layout{
		Transport: "constant/physicalProperties", TransportModelKey: "viscosityModel",
		Turbulence: "constant/momentumTransport", ModelKeys: []string{"model"},
		Applications: []string{"foamMultiRun", "foamRun"}, RegionApplications: []string{"foamMultiRun"}, Functions: "system/functions",
		FvModels: "constant/fvModels", FvConstraints: "system/fvConstraints", SchemesOnDemand: true,
	},
})
