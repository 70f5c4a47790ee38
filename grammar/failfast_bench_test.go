package grammar

import (
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// BenchmarkMalformedSTL: Parse of a 2.6 MB ASCII STL (20 000 facets), well-formed and with
// a bad token near its start or its end (a word: still no ';'; a ';': a number then starts
// an entry). The grammar rejects all five.
func BenchmarkMalformedSTL(b *testing.B) {
	const n = 20000
	wellformed, _, _ := foamtest.ASCIISTL(n, -1, "")
	cases := []struct {
		name string
		src  []byte
	}{{"wellformed", wellformed}}
	for _, bad := range []struct{ name, tok string }{{"word", "vertx"}, {"semicolon", ";"}} {
		for _, at := range []struct {
			name  string
			facet int
		}{{"start", 3}, {"end", n - 10}} {
			src, _, _ := foamtest.ASCIISTL(n, at.facet, bad.tok)
			cases = append(cases, struct {
				name string
				src  []byte
			}{bad.name + "-" + at.name, src})
		}
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Parse("hull.stl", c.src); err == nil {
					b.Fatal("an STL parsed as a dictionary")
				}
			}
		})
	}
}
