package kb

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// fixtureKB builds a KB from hand-written case documents (testdata/fixture.json)
// through RecordFromDocument, so the record builder is exercised too.
func fixtureKB(t *testing.T) *KB {
	t.Helper()
	data, err := os.ReadFile("testdata/fixture.json")
	if err != nil {
		t.Fatal(err)
	}
	var fx struct {
		Version   string               `json:"version"`
		Vocab     Vocab                `json:"vocab"`
		Contracts map[string]*Contract `json:"contracts"`
		Cases     []struct {
			Path     string         `json:"path"`
			Document map[string]any `json:"document"`
		} `json:"cases"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&fx); err != nil {
		t.Fatal(err)
	}
	var recs []*CaseRecord
	for _, c := range fx.Cases {
		r, err := RecordFromDocument(c.Path, c.Document)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	return New(fx.Version, recs, fx.Contracts, fx.Vocab)
}

func ptrBool(b bool) *bool { return &b }

func levelsTried(a Audit) []int {
	var out []int
	for _, s := range a.Levels {
		out = append(out, s.Level)
	}
	return out
}

func TestRecordFromDocument(t *testing.T) {
	k := fixtureKB(t)
	byPath := map[string]*CaseRecord{}
	for _, r := range k.Cases {
		byPath[r.Path] = r
	}
	cav := byPath["incompressible/icoFoam/cavity"]
	if cav.TurbulenceModel != "laminar" || cav.SimulationType != "laminar" || cav.Compressible {
		t.Errorf("cavity: %+v", cav.Key())
	}
	if _, ok := cav.Files["system/blockMeshDict"]; ok {
		t.Error("blockMeshDict must be left out of records")
	}
	if got := cav.BCs["U"]; !reflect.DeepEqual(got, map[string]string{"movingWall": "fixedValue", "fixedWalls": "noSlip"}) {
		t.Errorf("cavity BCs: %v", got)
	}
	air := byPath["incompressible/simpleFoam/airFoil2D"]
	if _, ok := air.Files["0/nuTilda"]; !ok {
		t.Errorf("0.orig fields are keyed under 0/: %v", sortedKeys(air.Files))
	}
	duct := byPath["compressible/rhoPimpleFoam/RAS/duct"]
	if !duct.Compressible || duct.CompressibleFrom != "solver+thermophysicalProperties" || duct.ThermoType != "hePsiThermo" {
		t.Errorf("duct: compressible=%v from %q thermo %q", duct.Compressible, duct.CompressibleFrom, duct.ThermoType)
	}
	tube := byPath["compressible/sonicFoam/laminar/shockTube"]
	sf := tube.Files["system/setFieldsDict"].(map[string]any)
	if !reflect.DeepEqual(sf["regions"], map[string]any{"$elided": map[string]any{"size": 70}}) {
		t.Errorf("bulk list not elided: %v", sf["regions"])
	}
}

func TestCascadeRelaxationOrder(t *testing.T) {
	k := fixtureKB(t)
	cases := []struct {
		name      string
		q         Query
		level     int
		cases     []string
		tried     []int
		compress  bool
		notesWant string
	}{
		{"exact", Query{Solver: "simpleFoam", Turbulence: "kEpsilon", Target: "system/fvSchemes"}, 1,
			[]string{"incompressible/simpleFoam/pitzDaily"}, []int{1}, false, "curated"},
		{"model relaxed to class", Query{Solver: "simpleFoam", Turbulence: "kOmegaSST", Target: "system/fvSchemes"}, 2,
			[]string{"incompressible/simpleFoam/airFoil2D", "incompressible/simpleFoam/pitzDaily"}, []int{1, 2}, false, ""},
		{"model dropped", Query{Solver: "rhoCentralFoam", Turbulence: "kEpsilon", Target: "system/fvSchemes"}, 3,
			[]string{"compressible/rhoCentralFoam/obliqueShock"}, []int{1, 2, 3}, true, ""},
		{"solver relaxed, model kept", Query{Solver: "pimpleFoam", Turbulence: "kEpsilon", Target: "system/fvSchemes"}, 4,
			[]string{"incompressible/simpleFoam/pitzDaily"}, []int{1, 2, 3, 4}, false, ""},
		{"solver relaxed, class kept", Query{Solver: "myFoam", Turbulence: "kOmega", Compressible: ptrBool(true), Target: "system/fvSchemes"}, 5,
			[]string{"compressible/rhoPimpleFoam/RAS/duct", "compressible/rhoSimpleFoam/squareBend"}, []int{1, 2, 3, 4, 5}, true, ""},
		{"unknown model matches no class", Query{Solver: "myFoam", Turbulence: "kOmegaX", Compressible: ptrBool(true), Target: "system/fvSchemes", NMax: 1}, 6,
			[]string{"compressible/rhoCentralFoam/obliqueShock"}, []int{1, 2, 3, 4, 5, 6}, true, "not in the vocabulary"},
		{"compressibility only", Query{Solver: "myFoam", Turbulence: "Smagorinsky", Compressible: ptrBool(true), Target: "system/fvSchemes", NMax: 2}, 6,
			[]string{"compressible/rhoCentralFoam/obliqueShock", "compressible/rhoPimpleFoam/RAS/duct"}, []int{1, 2, 3, 4, 5, 6}, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := k.Cascade(c.q)
			a := res.Audit
			if a.Level != c.level || !reflect.DeepEqual(a.Cases, c.cases) || !reflect.DeepEqual(levelsTried(a), c.tried) {
				t.Fatalf("level %d cases %v tried %v; want %d %v %v", a.Level, a.Cases, levelsTried(a), c.level, c.cases, c.tried)
			}
			if a.Query.Compressible == nil || *a.Query.Compressible != c.compress {
				t.Errorf("compressibility resolved to %v", a.Query.Compressible)
			}
			if c.notesWant != "" && !strings.Contains(strings.Join(a.Notes, "|"), c.notesWant) {
				t.Errorf("notes %v lack %q", a.Notes, c.notesWant)
			}
			for _, s := range res.Samples {
				if s.File != "system/fvSchemes" || s.Level != c.level || s.Value == nil {
					t.Errorf("sample %+v", s)
				}
				if !slices.Contains(a.Files, s.Case+"/system/fvSchemes") {
					t.Errorf("audit files %v lack %s", a.Files, s.Case)
				}
			}
		})
	}
}

func TestCascadeNeverCrossesCompressibility(t *testing.T) {
	k := fixtureKB(t)
	for _, target := range []string{"system/fvSchemes", "system/fvSolution", "0/p", ""} {
		res := k.Cascade(Query{Solver: "rhoCentralFoam", Turbulence: "kEpsilon", Target: target, NMax: 50})
		for _, r := range res.Records {
			if !r.Compressible {
				t.Errorf("target %q: incompressible case %s returned for a compressible query", target, r.Path)
			}
		}
	}
}

func TestAllModelUnion(t *testing.T) {
	k := fixtureKB(t)
	res := k.AllModel(Query{Solver: "rhoPimpleFoam", Turbulence: "kOmegaSST", Target: "system/fvSchemes"})
	a := res.Audit
	want := []Branch{
		{Name: "solver-dominant", Level: 2, Cases: []string{"compressible/rhoPimpleFoam/RAS/duct"}},
		{Name: "turbulence-dominant", Level: 4, Cases: []string{"compressible/rhoSimpleFoam/squareBend"}},
	}
	if a.Level != 2 || !reflect.DeepEqual(a.Branches, want) {
		t.Fatalf("level %d branches %+v", a.Level, a.Branches)
	}
	if len(res.Samples) != 2 {
		t.Errorf("want the union of both branches, got %d samples", len(res.Samples))
	}
	strict := k.AllModel(Query{Solver: "simpleFoam", Turbulence: "kEpsilon", Target: "system/fvSchemes"})
	if strict.Audit.Level != 1 || len(strict.Audit.Branches) != 1 || strict.Audit.Branches[0].Name != "strict" {
		t.Errorf("strict match: %+v", strict.Audit)
	}
}

func TestTemplateUnionMax(t *testing.T) {
	k := fixtureKB(t)
	res := k.Template(Query{Solver: "sonicFoam", Turbulence: "kEpsilon", Target: "system/fvSolution"}, 0.5)
	solvers, _ := res.Dict["solvers"].(map[string]any)
	for _, f := range []string{"rho", "U", "e", "p", "k", "epsilon", "kFinal"} {
		if _, _, ok := Lookup(solvers, f); !ok {
			t.Errorf("template has no solver entry for %s: %s", f, canonical(solvers))
		}
	}
	// PIMPLE comes from the solver feature only: the model feature contributes
	// turbulence entries, not rhoPimpleFoam's nOuterCorrectors 2.
	if got := canonical(res.Dict["PIMPLE"]); got != `{"nCorrectors":2,"nOuterCorrectors":1}` {
		t.Errorf("PIMPLE = %s", got)
	}
	// Field-keyed dictionaries are per solved field whatever the spelling, and
	// compound blocks are whole: the epsilon block is the duct's "(U|h|k|epsilon)" dict.
	v, key, _ := Lookup(solvers, "epsilon")
	if key != "epsilon" || canonical(v) != `{"preconditioner":"DILU","solver":"PBiCGStab"}` {
		t.Errorf("epsilon block from %q: %s", key, canonical(v))
	}
	if _, ok := solvers[regexKey]; ok {
		t.Errorf("template solvers keep regex keys: %s", canonical(solvers))
	}
	names := map[string]int{}
	for _, b := range res.Audit.Branches {
		names[b.Name] = b.Level
	}
	if !reflect.DeepEqual(names, map[string]int{"solver": 3, "model": 4}) {
		t.Errorf("branches %v", names)
	}
	compound := 0
	for _, e := range res.Entries {
		if e.Compound {
			compound++
		}
		if e.Frequency < 0.5 {
			t.Errorf("entry %s below tau", e.Path)
		}
	}
	// rho, p, U, e (+Final) from the solver feature; k, epsilon (+Final) from the model feature
	if compound != 12 {
		t.Errorf("want 12 compound solver blocks, got %d: %+v", compound, res.Entries)
	}
	// simpleFoam reads SIMPLE: pitzDaily's stray PIMPLE dict is left out.
	simple := k.Template(Query{Solver: "simpleFoam", Turbulence: "kEpsilon", Target: "system/fvSolution"}, 0.5)
	if _, ok := simple.Dict["PIMPLE"]; ok || simple.Dict["SIMPLE"] == nil || !strings.Contains(strings.Join(simple.Audit.Notes, "|"), "reads the SIMPLE dictionary") {
		t.Errorf("algorithm filter: %s %v", canonical(simple.Dict), simple.Audit.Notes)
	}
	// A higher tau keeps only what every case of a feature has.
	if strict := k.Template(Query{Solver: "simpleFoam", Turbulence: "kEpsilon", Target: "system/fvSchemes"}, 1); strict.Dict["divSchemes"] == nil {
		t.Errorf("tau=1 template lost divSchemes: %s", canonical(strict.Dict))
	}
}

func TestBCMultiSource(t *testing.T) {
	k := fixtureKB(t)
	res := k.BC(Query{Solver: "rhoPimpleFoam", Turbulence: "kEpsilon", Target: "0/p"}, "totalPressure")
	if res.Contract == nil || res.Audit.Level != 1 || len(res.Examples) != 2 {
		t.Fatalf("contract %v level %d examples %d", res.Contract != nil, res.Audit.Level, len(res.Examples))
	}
	if !reflect.DeepEqual(res.Audit.HeaderLines, []string{"totalPressureFvPatchScalarField.H:40"}) {
		t.Errorf("header lines %v", res.Audit.HeaderLines)
	}
	keys := map[string]BCKey{}
	for _, b := range res.Keys {
		keys[b.Key] = b
	}
	if keys["p0"].Status != "required" || keys["p0"].Examples != 2 || keys["gamma"].Status != "optional" ||
		keys["gamma"].Examples != 1 || keys["value"].Status != "example" || keys["psi"].Default != "none" {
		t.Errorf("united keys %+v", keys)
	}
	if unk := k.BC(Query{Solver: "simpleFoam"}, "totalPresure"); unk.Contract != nil || len(unk.Audit.Notes) == 0 {
		t.Errorf("unknown BC: %+v", unk.Audit)
	}
}

func TestKeywordRetriever(t *testing.T) {
	k := fixtureKB(t)
	log := `--> FOAM FATAL IO ERROR:
keyword div(phi,k) is undefined in dictionary "/tmp/run/airFoil2D/system/fvSchemes/divSchemes"

file: /tmp/run/airFoil2D/system/fvSchemes/divSchemes from line 26 to line 32.`
	kw, dict, ok := KeywordFromLog(log)
	if !ok || kw != "div(phi,k)" || dict != "/tmp/run/airFoil2D/system/fvSchemes/divSchemes" {
		t.Fatalf("KeywordFromLog = %q %q %v", kw, dict, ok)
	}
	target, ptr := TargetFromDictPath(dict)
	if target != "system/fvSchemes" || ptr != "/divSchemes" {
		t.Fatalf("TargetFromDictPath = %q %q", target, ptr)
	}
	res := k.Keyword(Query{Solver: "simpleFoam", Turbulence: "SpalartAllmaras", Target: target}, ` "div(phi, k)" `)
	if res.Keyword != "div(phi,k)" || res.Audit.Level != 2 || len(res.Samples) != 1 {
		t.Fatalf("keyword %q level %d samples %+v", res.Keyword, res.Audit.Level, res.Samples)
	}
	s := res.Samples[0]
	block := s.Value.(map[string]any)
	if s.Case != "incompressible/simpleFoam/pitzDaily" || s.Path != "/divSchemes" || block["div(phi,k)"] == nil {
		t.Errorf("sample %+v", s)
	}
	// The dictionary path from the log narrows the search; a wrong one finds nothing.
	if in := k.Keyword(Query{Solver: "simpleFoam", Turbulence: "kEpsilon", Target: target, Path: ptr}, "div(phi,k)"); len(in.Samples) != 1 || in.Samples[0].Path != "/divSchemes" {
		t.Errorf("keyword inside %s: %+v", ptr, in.Samples)
	}
	if out := k.Keyword(Query{Solver: "simpleFoam", Turbulence: "kEpsilon", Target: target, Path: "/gradSchemes"}, "div(phi,k)"); len(out.Samples) != 0 {
		t.Errorf("keyword found outside the named dictionary: %+v", out.Samples)
	}
	// A keyword defined by a regex key is found through the pattern.
	re := k.Keyword(Query{Solver: "simpleFoam", Turbulence: "kEpsilon", Target: "system/fvSolution"}, "epsilon")
	if len(re.Samples) != 1 || re.Samples[0].Path != "/solvers" {
		t.Errorf("regex keyword: %+v", re.Samples)
	}
	if _, _, ok := KeywordFromLog("nothing to see"); ok {
		t.Error("KeywordFromLog matched a log without a keyword")
	}
}

func TestSnapshotRoundTripDeterministic(t *testing.T) {
	k := fixtureKB(t)
	var a, b bytes.Buffer
	if err := k.Encode(&a); err != nil {
		t.Fatal(err)
	}
	k2, err := Decode(bytes.NewReader(a.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if err := k2.Encode(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("decode+encode changed the snapshot bytes")
	}
	if got := k2.Cascade(Query{Solver: "simpleFoam", Turbulence: "kEpsilon", Target: "system/fvSchemes"}).Audit.Level; got != 1 {
		t.Errorf("decoded KB retrieves at level %d", got)
	}
}

func TestRecordGzippedFiles(t *testing.T) {
	doc := map[string]any{
		"features": map[string]any{"solver": "icoFoam", "fieldDir": "0"},
		"files": map[string]any{
			"system/fvSchemes.gz":     map[string]any{"ddtSchemes": map[string]any{"default": "Euler"}},
			"system/fvSolution":       map[string]any{"PISO": map[string]any{"nCorrectors": 2}},
			"system/fvSolution.gz":    map[string]any{"PISO": map[string]any{"nCorrectors": 9}},
			"system/blockMeshDict.gz": map[string]any{},
			"0/U.gz":                  map[string]any{"boundaryField": map[string]any{"wall": map[string]any{"type": "noSlip"}}},
			"0/pointDisplacement":     map[string]any{"boundaryField": map[string]any{"wall": map[string]any{"type": "fixedValue"}}},
		},
		"headers": map[string]any{
			"0/U.gz":              map[string]any{"class": "volVectorField"},
			"0/pointDisplacement": map[string]any{"class": "pointVectorField"},
		},
	}
	r, err := RecordFromDocument("x", doc)
	if err != nil {
		t.Fatal(err)
	}
	if got := sortedKeys(r.Files); !reflect.DeepEqual(got, []string{"0/U", "0/pointDisplacement", "system/fvSchemes", "system/fvSolution"}) {
		t.Errorf("files %v", got)
	}
	if canonical(r.Files["system/fvSolution"]) != `{"PISO":{"nCorrectors":2}}` || r.BCs["U"]["wall"] != "noSlip" {
		t.Errorf("plain copy must win and BCs must be read: %s %v", canonical(r.Files["system/fvSolution"]), r.BCs)
	}
	if _, ok := r.BCs["pointDisplacement"]; ok || !r.IsPointField("0/pointDisplacement") || r.Classes["0/U"] != "volVectorField" {
		t.Errorf("point fields: bcs %v classes %v", r.BCs, r.Classes)
	}
}
