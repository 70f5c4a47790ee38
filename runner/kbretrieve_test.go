package runner

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/internal/foamtest"
)

// TestKBRetriever queries the embedded kb as repair does (no OpenFOAM needed).
func TestKBRetriever(t *testing.T) {
	r := kbRetriever(t)
	ctx := context.Background()
	cases := []struct {
		name      string
		q         Query
		retriever string
		contains  []string
	}{
		{"fvSolution from the template", Query{Solver: "icoFoam", Model: "laminar", File: "system/fvSolution", Keyword: "PISO"},
			"template", []string{"nCorrectors", "{"}},
		{"compound solver block", Query{Solver: "simpleFoam", Model: "kEpsilon", File: "system/fvSolution", DictPath: []string{"solvers"}, Keyword: "p"},
			"template", []string{"solver", "tolerance"}},
		{"scheme by keyword", Query{Solver: "icoFoam", Model: "laminar", File: "system/fvSchemes", DictPath: []string{"divSchemes"}, Keyword: "div(phi,U)"},
			"keyword", []string{"Gauss"}},
		{"a word list", Query{Solver: "interFoam", Model: "laminar", File: "constant/transportProperties", Keyword: "phases"},
			"keyword", []string{"(water air)"}},
		{"dimensions", Query{Solver: "icoFoam", Model: "laminar", File: "0/p", Keyword: "dimensions"},
			"keyword", []string{"[0 2 -2 0 0 0 0]"}},
		{"a property with dimensions", Query{Solver: "icoFoam", Model: "laminar", File: "constant/transportProperties", Keyword: "nu"},
			"keyword", []string{"0.01"}},
		{"a BC key from the contract", Query{Solver: "simpleFoam", Model: "kEpsilon", File: "0/p", DictPath: []string{"boundaryField", "noSuchPatch"}, Keyword: "p0", BCType: "totalPressure"},
			"multi-source", []string{"uniform"}},
		{"a whole field file", Query{Solver: "icoFoam", Model: "laminar", File: "0/U"},
			"cascade", []string{"class       volVectorField;", "boundaryField"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := r.Retrieve(ctx, c.q)
			if err != nil || got == nil {
				t.Fatalf("%+v: %v", got, err)
			}
			if got.Retriever != c.retriever || !strings.HasPrefix(got.Level, "q") || len(got.Files) == 0 || got.Source == "" {
				t.Errorf("audit %+v, want retriever %s with a level and files", got, c.retriever)
			}
			for _, s := range c.contains {
				if !strings.Contains(got.Text, s) {
					t.Errorf("text lacks %q:\n%s", s, got.Text)
				}
			}
			// The text is OpenFOAM syntax.
			src := got.Text
			if c.q.Keyword != "" {
				src = "x " + src + ";"
				if strings.HasPrefix(got.Text, "{") {
					src = "x " + got.Text
				}
			}
			if _, err := grammar.Parse("retrieved", []byte(src)); err != nil {
				t.Errorf("retrieved text does not parse: %v\n%s", err, got.Text)
			}
		})
	}
	// Skip walks distinct answers; the answers differ.
	q := Query{Solver: "simpleFoam", Model: "kEpsilon", File: "system/fvSchemes", DictPath: []string{"divSchemes"}, Keyword: "div(phi,U)"}
	var texts []string
	for q.Skip = 0; q.Skip < 3; q.Skip++ {
		got, err := r.Retrieve(ctx, q)
		if err != nil || got == nil {
			t.Fatalf("skip %d: %v", q.Skip, err)
		}
		if slices.Contains(texts, got.Text) {
			t.Fatalf("skip %d repeats %q", q.Skip, got.Text)
		}
		texts = append(texts, got.Text)
	}
	// Unknown to the kb and no fallback: no answer.
	if got, err := r.Retrieve(ctx, Query{Solver: "icoFoam", Model: "laminar", File: "system/blockMeshDict"}); got != nil || err != nil {
		t.Fatalf("blockMeshDict from the kb: %+v %v", got, err)
	}
}

// TestKBRetrieverFallback: what the kb does not hold (mesh dictionaries) comes
// from the tutorials through foamDictionary.
func TestKBRetrieverFallback(t *testing.T) {
	tut := requireFoam(t)
	r := &KBRetriever{KB: kbRetriever(t).KB, Fallback: &TutorialRetriever{Dir: tut, Env: foamtest.Env()}}
	ctx := context.Background()
	got, err := r.Retrieve(ctx, Query{Solver: "icoFoam", Model: "laminar", File: "system/blockMeshDict"})
	if err != nil || got == nil {
		t.Fatalf("%+v %v", got, err)
	}
	if got.Retriever != "foamDictionary" || got.Level != "solver+model" || !strings.Contains(got.Text, "vertices") ||
		!strings.HasPrefix(got.Source, "tutorial:incompressible/icoFoam/") {
		t.Fatalf("%+v", got)
	}
	got, err = r.Retrieve(ctx, Query{Solver: "simpleFoam", Model: "kEpsilon", File: "system/blockMeshDict", Keyword: "scale"})
	if err != nil || got == nil || got.Retriever != "foamDictionary" || got.Level != "solver+model" {
		t.Fatalf("%+v %v", got, err)
	}
}
