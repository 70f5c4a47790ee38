package schema

import "testing"

// TestJSONToYAML: key order, numbers (int vs float), strings that look like other types,
// flow-style lists; the result parses back as a spec.
func TestJSONToYAML(t *testing.T) {
	in := `{"version": 1, "name": "cavity", "fluid": {"nu": 1e-05, "rho": 1.0},
	  "mesh": {"blockMeshDict": "true", "gmsh": "1"}, "boundaries": {"lid": {"role": "wall", "velocity": [1, 0, 0]}}, "x": null, "y": true}`
	got, err := JSONToYAML([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := `version: 1
name: cavity
fluid:
  nu: 1e-05
  rho: 1.0
mesh:
  blockMeshDict: "true"
  gmsh: "1"
boundaries:
  lid:
    role: wall
    velocity: [1, 0, 0]
x: null
y: true
`
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if _, err := JSONToYAML([]byte(`{"a": `)); err == nil {
		t.Error("truncated JSON: no error")
	}
}
