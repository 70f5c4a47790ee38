package llm

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// meshTextLimit bounds the mesh text put in a prompt: the boundary list is what the model
// needs, and a large blockMeshDict or polyMesh/boundary would crowd out the request.
const meshTextLimit = 12000

// SetMesh describes the mesh at path for the model: the spec field that names it
// (MeshField), the absolute path the spec must refer to (MeshRef), and the text that shows
// the model its patches (MeshText): the blockMeshDict itself, polyMesh/boundary (path may
// be a case, its constant/ or the polyMesh directory), or the $PhysicalNames section of a
// gmsh .msh file.
func (ps *PromptSpec) SetMesh(path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("llm: mesh: %w", err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return fmt.Errorf("llm: mesh: %w", err)
	}
	var field, show string
	switch {
	case st.IsDir():
		for _, sub := range []string{filepath.Join(abs, "constant", "polyMesh"), filepath.Join(abs, "polyMesh")} {
			if st, err := os.Stat(sub); err == nil && st.IsDir() {
				abs = sub
				break
			}
		}
		field, show = "polyMesh", filepath.Join(abs, "boundary")
	case strings.HasSuffix(abs, ".msh"):
		field, show = "gmsh", abs
	default:
		field, show = "blockMeshDict", abs
	}
	b, err := os.ReadFile(show)
	if err != nil {
		return fmt.Errorf("llm: mesh: %w", err)
	}
	text := string(b)
	if field == "gmsh" {
		if i := strings.Index(text, "$PhysicalNames"); i >= 0 {
			if j := strings.Index(text[i:], "$EndPhysicalNames"); j >= 0 {
				text = text[i : i+j+len("$EndPhysicalNames")]
			}
		}
	}
	if len(text) > meshTextLimit {
		text = text[:meshTextLimit] + "\n…(truncated)"
	}
	ps.MeshField, ps.MeshRef, ps.MeshText = field, abs, text
	return nil
}
