package kb

// ESI v1912 (Debian's openfoam package), foamc's reference release: `make kb` mines it from
// the unpacked source package; its rules document is embedded by rulesdata_embed.go.
var _ = register(Profile{
	ID: "openfoam-v1912", Family: "esi", Version: "v1912", rules: embeddedRules,
	Layout: Layout{
		Transport: "constant/transportProperties", TransportModelKey: "transportModel",
		Turbulence: "constant/turbulenceProperties", ModelKeys: []string{"LESModel", "RASModel"},
		FvOptions: true, FoamFileVersion: true, PimpleResidualDicts: true, Solvers: true,
	},
})
