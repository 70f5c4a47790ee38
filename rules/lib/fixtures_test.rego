# Shared test fixtures: a pitzDaily-like simpleFoam/kEpsilon case document. Tests patch it
# with json.patch / object.union and run rules with `with input as`.
package foamc.test

patches := [
	{"name": "inlet", "type": "patch", "inGroups": []},
	{"name": "outlet", "type": "patch", "inGroups": []},
	{"name": "upperWall", "type": "wall", "inGroups": ["wall"]},
	{"name": "lowerWall", "type": "wall", "inGroups": ["wall"]},
	{"name": "frontAndBack", "type": "empty", "inGroups": ["empty"]},
]

scalar_bf(inlet, outlet, wall) := {
	"inlet": inlet,
	"outlet": outlet,
	"upperWall": wall,
	"lowerWall": wall,
	"frontAndBack": {"type": "empty"},
}

kin := {"$dims": [0, 2, -2, 0, 0, 0, 0]}

case := {
	"features": {
		"solver": "simpleFoam", "simulationType": "RAS", "turbulenceModel": "kEpsilon",
		"compressible": false, "steady": true, "energy": null, "algorithm": "SIMPLE",
		"startTime": "0", "fieldDir": "0", "twoD": true, "multiphase": false,
	},
	"fields": {"U": "0/U", "p": "0/p", "k": "0/k", "epsilon": "0/epsilon", "nut": "0/nut"},
	"headers": {
		"system/controlDict": {"class": "dictionary", "object": "controlDict"},
		"0/U": {"class": "volVectorField", "object": "U"},
		"0/p": {"class": "volScalarField", "object": "p"},
		"0/k": {"class": "volScalarField", "object": "k"},
		"0/epsilon": {"class": "volScalarField", "object": "epsilon"},
		"0/nut": {"class": "volScalarField", "object": "nut"},
	},
	"patches": patches,
	"directives": [],
	"includes": [],
	"files": {
		"system/controlDict": {
			"application": "simpleFoam", "startFrom": "startTime", "startTime": 0, "stopAt": "endTime",
			"endTime": 2000, "deltaT": 1, "writeControl": "timeStep", "writeInterval": 100,
		},
		"system/blockMeshDict": {"convertToMeters": 0.001},
		"system/fvSchemes": {
			"ddtSchemes": {"default": "steadyState"},
			"gradSchemes": {"default": ["Gauss", "linear"]},
			"divSchemes": {
				"default": "none",
				"div(phi,U)": ["bounded", "Gauss", "linearUpwind", "grad(U)"],
				"$regex": [{"pattern": "div\\(phi,(k|epsilon)\\)", "value": ["bounded", "Gauss", "limitedLinear", 1]}],
				"div((nuEff*dev2(T(grad(U)))))": ["Gauss", "linear"],
			},
			"laplacianSchemes": {"default": ["Gauss", "linear", "corrected"]},
			"interpolationSchemes": {"default": "linear"},
			"snGradSchemes": {"default": "corrected"},
		},
		"system/fvSolution": {
			"solvers": {
				"p": {"solver": "GAMG", "tolerance": 1e-6, "relTol": 0.1, "smoother": "GaussSeidel"},
				"$regex": [{"pattern": "(U|k|epsilon|omega|f|v2)", "value": {"solver": "smoothSolver", "smoother": "symGaussSeidel", "tolerance": 1e-5, "relTol": 0.1}}],
			},
			"SIMPLE": {
				"nNonOrthogonalCorrectors": 0, "consistent": "yes",
				"residualControl": {"p": 1e-2, "U": 1e-3, "$regex": [{"pattern": "(k|epsilon|omega|f|v2)", "value": 1e-3}]},
			},
			"relaxationFactors": {
				"equations": {"U": 0.9, "$regex": [{"pattern": ".*", "value": 0.9}]},
			},
		},
		"constant/transportProperties": {"transportModel": "Newtonian", "nu": [{"$dims": [0, 2, -1, 0, 0, 0, 0]}, 1e-5]},
		"constant/turbulenceProperties": {"simulationType": "RAS", "RAS": {"RASModel": "kEpsilon", "turbulence": "on", "printCoeffs": "on"}},
		"0/U": {
			"dimensions": {"$dims": [0, 1, -1, 0, 0, 0, 0]},
			"internalField": {"$uniform": [0, 0, 0]},
			"boundaryField": scalar_bf(
				{"type": "fixedValue", "value": {"$uniform": [10, 0, 0]}},
				{"type": "zeroGradient"},
				{"type": "noSlip"},
			),
		},
		"0/p": {
			"dimensions": kin,
			"internalField": {"$uniform": 0},
			"boundaryField": scalar_bf({"type": "zeroGradient"}, {"type": "fixedValue", "value": {"$uniform": 0}}, {"type": "zeroGradient"}),
		},
		"0/k": {
			"dimensions": kin,
			"internalField": {"$uniform": 0.375},
			"boundaryField": scalar_bf(
				{"type": "fixedValue", "value": {"$uniform": 0.375}},
				{"type": "zeroGradient"},
				{"type": "kqRWallFunction", "value": {"$uniform": 0.375}},
			),
		},
		"0/epsilon": {
			"dimensions": {"$dims": [0, 2, -3, 0, 0, 0, 0]},
			"internalField": {"$uniform": 14.855},
			"boundaryField": scalar_bf(
				{"type": "fixedValue", "value": {"$uniform": 14.855}},
				{"type": "zeroGradient"},
				{"type": "epsilonWallFunction", "value": {"$uniform": 14.855}},
			),
		},
		"0/nut": {
			"dimensions": {"$dims": [0, 2, -1, 0, 0, 0, 0]},
			"internalField": {"$uniform": 0},
			"boundaryField": scalar_bf(
				{"type": "calculated", "value": {"$uniform": 0}},
				{"type": "calculated", "value": {"$uniform": 0}},
				{"type": "nutkWallFunction", "value": {"$uniform": 0}},
			),
		},
	},
}

# set returns the case with a JSON-patch style replacement at a pointer.
set(doc, path, value) := json.patch(doc, [{"op": "add", "path": path, "value": value}])

# del returns the case without the value at a pointer.
del(doc, path) := json.patch(doc, [{"op": "remove", "path": path}])

# A compressible rhoPimpleFoam laminar case.
compressible := object.union(case, {
	"features": {
		"solver": "rhoPimpleFoam", "simulationType": "laminar", "turbulenceModel": null,
		"compressible": true, "steady": false, "energy": "h", "algorithm": "PIMPLE",
	},
	"fields": {"U": "0/U", "p": "0/p", "T": "0/T"},
	"headers": {"0/T": {"class": "volScalarField", "object": "T"}},
	"files": {
		"0/p": {"dimensions": {"$dims": [1, -1, -2, 0, 0, 0, 0]}, "internalField": {"$uniform": 1e5}},
		"0/T": {
			"dimensions": {"$dims": [0, 0, 0, 1, 0, 0, 0]},
			"internalField": {"$uniform": 300},
			"boundaryField": scalar_bf({"type": "fixedValue", "value": {"$uniform": 300}}, {"type": "zeroGradient"}, {"type": "zeroGradient"}),
		},
		"constant/turbulenceProperties": {"simulationType": "laminar"},
		"constant/thermophysicalProperties": {
			"thermoType": {
				"type": "heRhoThermo", "mixture": "pureMixture", "transport": "const", "thermo": "hConst",
				"equationOfState": "perfectGas", "specie": "specie", "energy": "sensibleEnthalpy",
			},
			"mixture": {
				"specie": {"molWeight": 28.9},
				"thermodynamics": {"Cp": 1005, "Hf": 0},
				"transport": {"mu": 1.8e-5, "Pr": 0.7},
			},
		},
		"system/controlDict": {"application": "rhoPimpleFoam", "deltaT": 1e-4, "endTime": 0.1, "writeInterval": 0.01, "writeControl": "adjustable"},
		"system/fvSchemes": {
			"ddtSchemes": {"default": "Euler"},
			"divSchemes": {
				"default": "none",
				"div(phi,U)": ["Gauss", "upwind"],
				"div(phi,h)": ["Gauss", "upwind"],
				"div(phi,K)": ["Gauss", "linear"],
				"div(((rho*nuEff)*dev2(T(grad(U)))))": ["Gauss", "linear"],
			},
		},
		"system/fvSolution": {
			"solvers": {
				"$regex": [
					{"pattern": "rho.*", "value": {"solver": "diagonal"}},
					{"pattern": "p.*", "value": {"solver": "GAMG", "smoother": "GaussSeidel"}},
					{"pattern": "(U|h|e|k|epsilon)(|Final)", "value": {"solver": "PBiCGStab", "preconditioner": "DILU"}},
				],
			},
			"SIMPLE": null,
			"PIMPLE": {"nOuterCorrectors": 1, "nCorrectors": 2},
			"relaxationFactors": null,
		},
	},
})
