package compiler

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/schema"
)

// A release registered beside v1912 takes the emitted case whole: it renames a file
// (provenance moving with it) and picks a modular application with its solver module, the
// shape of a Foundation-style profile. The profile here is the seam's fixture, not a real
// release.
func TestReleaseProfileRewritesTheCase(t *testing.T) {
	modular := &release{
		Target:      "openfoam-seam-test",
		Environment: v1912.Environment,
		Application: func(string) (string, string) { return "foamRun", "incompressibleFluid" },
		Rewrite: func(files map[string]*grammar.File, prov map[string]Source, _ Features) error {
			const from, to = "constant/transportProperties", "constant/physicalProperties"
			files[to] = files[from]
			delete(files, from)
			for p, s := range prov {
				// A file's path is one pointer token (RFC 6901: "/" escaped as "~1").
				if rest, ok := strings.CutPrefix(p, "/files/"+escape(from)); ok {
					prov["/files/"+escape(to)+rest] = s
					delete(prov, p)
				}
			}
			return nil
		},
	}
	saved := releases
	releases = append(append([]*release{}, releases...), modular)
	t.Cleanup(func() { releases = saved })

	s, err := schema.LoadSpec(filepath.Join(foamtest.RepoRoot(), "examples", "cavity", "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	s.Target = modular.Target
	res, err := Compile(context.Background(), s, Options{})
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
	cd := string(res.Files["system/controlDict"])
	for _, want := range []string{"application foamRun;", "solver      incompressibleFluid;"} {
		if !strings.Contains(strings.Join(strings.Fields(cd), " "), strings.Join(strings.Fields(want), " ")) {
			t.Errorf("controlDict lacks %q:\n%s", want, cd)
		}
	}
	if !strings.Contains(string(res.Files["Allrun"]), "run foamRun\n") {
		t.Errorf("Allrun does not run the release's application:\n%s", res.Files["Allrun"])
	}
	// The default release is untouched.
	if r, _ := releaseFor(""); r != v1912 {
		t.Errorf("default release %s, want openfoam-v1912", r.Target)
	}
}
