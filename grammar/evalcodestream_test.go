package grammar

import (
	"testing"

	"github.com/foamc/foamc/finding"
)

// TestEvalOfCodeStream: an #eval whose $macro is a #codeStream entry (v2506
// wallMountedHump's NxZ1) is recorded unevaluated (info): OpenFOAM runs the code first and
// foamc never does, so the value is unknown, not an error of the case.
func TestEvalOfCodeStream(t *testing.T) {
	src := "n #codeStream { code #{ os << 3; #}; };\nv #eval{ 2*$n };\n"
	f, err := Parse("test", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []Dialect{DialectV1912, DialectV2506} {
		x := Expand(f, "", ExpandOptions{Env: mapEnv(testEnv), CaseDir: t.TempDir(), Dialect: d})
		var got []finding.Severity
		for _, fd := range x.Findings {
			if fd.ID == IDEval {
				got = append(got, fd.Severity)
			}
		}
		if len(got) != 1 || got[0] != finding.Info {
			t.Errorf("%s: #eval findings %v, want one info", d.Release(), x.Findings)
		}
	}
}
