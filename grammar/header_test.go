package grammar

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseHeaderFile(t *testing.T) {
	dir := t.TempDir()
	big := strings.Repeat("(0 0 0)\n", 200000) // 1.6 MB of points: never read
	cases := []struct {
		name, src   string
		header, err bool
		directive   string
	}{
		{"points", "/* banner */\nFoamFile { version 2.0; format ascii; class vectorField; object points; }\n200000\n(\n" + big + ")\n", true, false, ""},
		{"directive in header", "FoamFile { version 2.0; #codeStream { code #{ } #}; }; class labelList; }\n3(1 2 3)\n", true, false, "#codeStream"},
		{"no header", "3(1 2 3)\n", false, false, ""},
		{"unclosed", "FoamFile { version 2.0; note \"" + strings.Repeat("x", 70000) + "\"; }\n", false, true, ""},
	}
	for _, tc := range cases {
		p := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_"))
		if err := os.WriteFile(p, []byte(tc.src), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := ParseHeaderFile(p, 0)
		if (err != nil) != tc.err {
			t.Fatalf("%s: err = %v", tc.name, err)
		}
		if err != nil {
			continue
		}
		if (f.Header != nil) != tc.header {
			t.Fatalf("%s: header = %v", tc.name, f.Header)
		}
		if len(f.Src) > DefaultHeaderLimit || len(f.Body.Entries) != 0 {
			t.Fatalf("%s: read %d bytes, %d body entries", tc.name, len(f.Src), len(f.Body.Entries))
		}
		if tc.directive != "" {
			x := Expand(f, p, ExpandOptions{CaseDir: dir})
			if len(x.Directives) != 1 || x.Directives[0].Name != tc.directive {
				t.Fatalf("%s: directives %+v", tc.name, x.Directives)
			}
		}
	}
}
