package grammar

import "testing"

// BenchmarkMalformedSTL: Parse of a 2.6 MB ASCII STL (20 000 facets), well-formed and with
// a bad token near its start or its end; the grammar rejects all three (no ';').
func BenchmarkMalformedSTL(b *testing.B) {
	const n = 20000
	badStart, _, _ := corruptSTL(n, 3)
	badEnd, _, _ := corruptSTL(n, n-10)
	for _, c := range []struct {
		name string
		src  []byte
	}{{"wellformed", malformedSTL(n)}, {"bad-start", badStart}, {"bad-end", badEnd}} {
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
