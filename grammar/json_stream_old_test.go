package grammar

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

func TestStreamMatchesMaps(t *testing.T) {
	tut := foamtest.Tutorials(t)
	n := 0
	filepath.WalkDir(tut, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		f, err := ParseFile(p)
		if err != nil {
			return nil
		}
		for _, vals := range []bool{false, true} {
			opts := SyntaxOptions{Values: vals}
			for _, ind := range [][2]string{{"", ""}, {"    ", "  "}} {
				var a bytes.Buffer
				enc := json.NewEncoder(&a)
				enc.SetEscapeHTML(false)
				enc.SetIndent(ind[0], ind[1])
				enc.Encode(map[string]any{"s": toSyntaxMaps(f, opts)})
				var b bytes.Buffer
				b.WriteString("{")
				if ind[1] != "" {
					b.WriteString("\n" + ind[0] + ind[1])
				}
				b.WriteString(`"s":`)
				if ind[1] != "" {
					b.WriteString(" ")
				}
				ToSyntax(f, opts).WriteJSON(&b, ind[0]+ind[1], ind[1])
				if ind[1] != "" {
					b.WriteString("\n" + ind[0])
				}
				b.WriteString("}\n")
				if !bytes.Equal(a.Bytes(), b.Bytes()) {
					i := 0
					for i < min(a.Len(), b.Len()) && a.Bytes()[i] == b.Bytes()[i] {
						i++
					}
					t.Errorf("%s: differ at %d: old %.80q new %.80q", p, i, a.Bytes()[i:], b.Bytes()[i:])
					return nil
				}
				m, _ := json.Marshal(map[string]any{"s": toSyntaxMaps(f, opts)})
				m2, _ := json.Marshal(map[string]any{"s": ToSyntax(f, opts)})
				if !bytes.Equal(m, m2) {
					t.Errorf("%s: Marshal differs", p)
					return nil
				}
			}
		}
		n++
		return nil
	})
	t.Logf("%d files agree", n)
}
