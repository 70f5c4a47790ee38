package compiler

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/schema"
)

// A release registered beside v1912 takes the finished case whole, the shape of a
// Foundation-style profile: it renames a file (provenance moving with it), names a modular
// application and its solver module in controlDict, rewrites the scripts for its
// application and environment, and refuses what it cannot run. The profile here is the
// seam's fixture, not a real release.
func TestReleaseProfileRestatesTheCase(t *testing.T) {
	modular := &release{
		Target:      "openfoam-seam-test",
		Environment: ". /opt/seam/etc/bashrc\n" + v1912.Environment[strings.Index(v1912.Environment, "run()"):],
		Application: func(string) string { return "foamRun" },
		Check: func(c *resolution) {
			if c.spec.Physics.Solver == "rhoCentralFoam" {
				c.fail(IDUnsupported, "/physics/solver", "no module for rhoCentralFoam", "choose another solver")
			}
		},
	}
	modular.Restate = func(c *emission, r *Result) (*Result, error) {
		const from, to = "constant/transportProperties", "constant/physicalProperties"
		c.files[to] = c.files[from]
		delete(c.files, from)
		delete(r.Files, from)
		for p, s := range c.prov {
			if rest, ok := strings.CutPrefix(p, "/files/"+escape(from)); ok {
				c.prov["/files/"+escape(to)+rest] = s
				delete(c.prov, p)
			}
		}
		cd := node{c, c.files["system/controlDict"].Body, "/files/" + escape("system/controlDict")}
		cd.set("application", curated("modular release"), grammar.NewWord(modular.Application(c.feat.Solver)))
		cd.set("solver", curated("modular release"), grammar.NewWord("incompressibleFluid"))
		for p, f := range c.files {
			r.Files[p] = grammar.Format(f)
		}
		r.Files["Allrun"] = c.scripts(modular).allrun()
		return r, nil
	}
	saved := releases
	releases = append(append([]*release{}, releases...), modular)
	t.Cleanup(func() { releases = saved })

	load := func() *Spec {
		s, err := schema.LoadSpec(filepath.Join(foamtest.RepoRoot(), "examples", "cavity", "spec.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		s.Target = modular.Target
		return s
	}
	res, err := Compile(context.Background(), load(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := res.Files["constant/transportProperties"]; ok {
		t.Error("constant/transportProperties is still written")
	}
	if !strings.Contains(string(res.Files["constant/physicalProperties"]), "nu ") {
		t.Errorf("constant/physicalProperties lacks nu:\n%s", res.Files["constant/physicalProperties"])
	}
	if _, ok := res.Provenance["/files/constant~1physicalProperties/nu"]; !ok {
		t.Error("the provenance of nu did not move with its file")
	}
	cd := strings.Join(strings.Fields(string(res.Files["system/controlDict"])), " ")
	for _, want := range []string{"application foamRun;", "solver incompressibleFluid;"} {
		if !strings.Contains(cd, want) {
			t.Errorf("controlDict lacks %q:\n%s", want, res.Files["system/controlDict"])
		}
	}
	if a := string(res.Files["Allrun"]); !strings.Contains(a, "run foamRun\n") || !strings.Contains(a, ". /opt/seam/etc/bashrc\n") {
		t.Errorf("Allrun does not run the release's application in its environment:\n%s", a)
	}

	s := load()
	s.Physics.Solver = "rhoCentralFoam"
	_, err = Compile(context.Background(), s, Options{})
	var fl finding.List
	if !errors.As(err, &fl) || !strings.Contains(fl.Error(), "no module for rhoCentralFoam") {
		t.Errorf("the release's check did not refuse rhoCentralFoam: %v", err)
	}
	if r, _ := releaseFor(""); r != v1912 {
		t.Errorf("default release %s, want openfoam-v1912", r.Target)
	}
}
