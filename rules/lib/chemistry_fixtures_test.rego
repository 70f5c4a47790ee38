# A reactingFoam case document (the counterflow methane flame of compiler/testdata/reacting)
# for the FOAM-CHEM-* rule tests.
package foamc.test

fixed(v) := {"type": "fixedValue", "value": {"$uniform": v}}

reacting_bf(fuel, air, outlet) := {"fuel": fixed(fuel), "air": fixed(air), "outlet": {"type": "inletOutlet", "inletValue": {"$uniform": outlet}, "value": {"$uniform": outlet}}, "frontAndBack": {"type": "empty"}}

reacting := {
	"features": {
		"solver": "reactingFoam", "simulationType": "laminar", "turbulenceModel": null,
		"compressible": true, "steady": false, "energy": "h", "algorithm": "PIMPLE",
		"startTime": "0", "fieldDir": "0", "twoD": true, "multiphase": false,
	},
	"patches": [
		{"name": "fuel", "type": "patch", "inGroups": []},
		{"name": "air", "type": "patch", "inGroups": []},
		{"name": "outlet", "type": "patch", "inGroups": []},
		{"name": "frontAndBack", "type": "empty", "inGroups": ["empty"]},
	],
	"fields": {"CH4": "0/CH4", "O2": "0/O2", "N2": "0/N2", "Ydefault": "0/Ydefault"},
	"headers": {
		"0/CH4": {"class": "volScalarField"}, "0/O2": {"class": "volScalarField"},
		"0/N2": {"class": "volScalarField"}, "0/Ydefault": {"class": "volScalarField"},
	},
	"files": {
		"constant/thermophysicalProperties": {
			"thermoType": {
				"type": "hePsiThermo", "mixture": "reactingMixture", "transport": "sutherland", "thermo": "janaf",
				"energy": "sensibleEnthalpy", "equationOfState": "perfectGas", "specie": "specie",
			},
			"inertSpecie": "N2",
			"chemistryReader": "foamChemistryReader",
			"foamChemistryFile": "<constant>/reactions",
			"foamChemistryThermoFile": "<constant>/thermo.compressibleGas",
		},
		"constant/reactions": {
			"species": ["O2", "H2O", "CH4", "CO2", "N2"],
			"reactions": {"methaneReaction": {"type": "irreversibleArrheniusReaction", "reaction": "CH4 + 2O2 = CO2 + 2H2O", "A": 5.2e16, "beta": 0, "Ta": 14906}},
		},
		"constant/chemistryProperties": {"chemistryType": {"solver": "EulerImplicit"}, "chemistry": "on", "initialChemicalTimeStep": 1e-07},
		"constant/combustionProperties": {"combustionModel": "laminar", "active": true},
		"system/fvSolution": {"solvers": {"Yi": {"solver": "PBiCGStab", "preconditioner": "DILU", "tolerance": 1e-06, "relTol": 0}}},
		"0/CH4": {"internalField": {"$uniform": 0}, "boundaryField": reacting_bf(1, 0, 0)},
		"0/O2": {"internalField": {"$uniform": 0}, "boundaryField": reacting_bf(0, 0.23, 0)},
		"0/N2": {"internalField": {"$uniform": 1}, "boundaryField": reacting_bf(0, 0.77, 1)},
		"0/Ydefault": {"internalField": {"$uniform": 0}, "boundaryField": reacting_bf(0, 0, 0)},
	},
}
