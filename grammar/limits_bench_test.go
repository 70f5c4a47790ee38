package grammar

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Resource bounds on pathological inputs (issue: 200 KB of '(' took > 90 s, 25 KB of
// nesting grew fmt and parse output to GBs, doubling macros grew without limit). Run with
// `go test ./grammar -run '^$' -bench Pathological -benchmem`; B/op and allocs/op are the
// memory side, and out-B/op the size of what fmt writes.

func BenchmarkPathologicalOpenParens200K(b *testing.B) {
	src := []byte("a " + strings.Repeat("(", 200<<10) + ";\n")
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		Parse("b", src)
	}
}

// Unclosed groups around many closed numeric ones: each unclosed '(' once cost a scan
// to the end of the input.
func BenchmarkPathologicalUnclosedAroundGroups(b *testing.B) {
	src := []byte("k " + strings.Repeat("( ", 60) + strings.Repeat("(1 2) ", 40000) + "x;\n")
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		Parse("b", src)
	}
}

// Nesting at the limit, repeated to 25 KB: parse and format stay linear.
func BenchmarkPathologicalDeepFormat(b *testing.B) {
	one := strings.Repeat("a{", maxNesting) + strings.Repeat("}", maxNesting) + "\n"
	src := []byte(strings.Repeat(one, 25<<10/len(one)))
	b.SetBytes(int64(len(src)))
	var out int
	for b.Loop() {
		f, err := Parse("b", src)
		if err != nil {
			b.Fatal(err)
		}
		out = len(Format(f))
	}
	b.ReportMetric(float64(out), "out-B/op")
}

func BenchmarkPathologicalDoublingMacros(b *testing.B) {
	src, _ := doublingMacros(40)
	f, err := Parse("b", []byte(src))
	if err != nil {
		b.Fatal(err)
	}
	opts := ExpandOptions{CaseDir: b.TempDir(), Env: func(string) (string, bool) { return "", false }}
	for b.Loop() {
		Expand(f, "", opts)
	}
}

// Many keys: the memory held per entry. live-B/key is the heap still in use with the
// parsed file alive (after a collection); json-alloc-B/key is what streaming its syntax
// JSON allocates; the expanded- metrics are the same with the expanded dictionary too
// (as a case load holds both); nosyntax-expanded-live-B/key is what ExpandFile with
// NoSyntax (parse --expand) holds, the source file's bytes left out.
func BenchmarkPathologicalKeys200K(b *testing.B) {
	var sb strings.Builder
	const n = 200_000
	for i := range n {
		fmt.Fprintf(&sb, "key%07d 1.5;\n", i)
	}
	src := []byte(sb.String())
	b.SetBytes(int64(len(src)))
	path := filepath.Join(b.TempDir(), "keys")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		b.Fatal(err)
	}
	var live, written, expLive, expWritten, streamLive float64
	for b.Loop() {
		var m0, m1, m2, m3, m4, m5, m6 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		f, err := Parse("b", src)
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&m1)
		runtime.KeepAlive(f)
		live = float64(m1.HeapAlloc-m0.HeapAlloc) / n
		// Writing the syntax JSON streams: what it allocates must not grow with the keys.
		if err := ToSyntax(f, SyntaxOptions{}).WriteJSON(io.Discard, "", "  "); err != nil {
			b.Fatal(err)
		}
		runtime.ReadMemStats(&m2)
		written = float64(m2.TotalAlloc-m1.TotalAlloc) / n
		// `parse --expand` holds the syntax tree and the expanded one at once.
		x := Expand(f, "b", ExpandOptions{CaseDir: b.TempDir()})
		runtime.GC()
		runtime.ReadMemStats(&m3)
		runtime.KeepAlive(f)
		expLive = float64(m3.HeapAlloc-m0.HeapAlloc) / n
		if err := x.JSON(ValueOptions{}).WriteJSON(io.Discard, "", "  "); err != nil {
			b.Fatal(err)
		}
		runtime.ReadMemStats(&m4)
		expWritten = float64(m4.TotalAlloc-m3.TotalAlloc) / n
		// `parse --expand` expands as it parses and keeps no syntax tree (NoSyntax).
		f, x = nil, nil
		runtime.GC()
		runtime.ReadMemStats(&m5)
		xs, err := ExpandFile(path, ExpandOptions{CaseDir: filepath.Dir(path), NoSyntax: true})
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&m6)
		runtime.KeepAlive(xs)
		streamLive = (float64(m6.HeapAlloc) - float64(m5.HeapAlloc) - float64(len(src))) / n
	}
	b.ReportMetric(live, "live-B/key")
	b.ReportMetric(written, "json-alloc-B/key")
	b.ReportMetric(expLive, "expanded-live-B/key")
	b.ReportMetric(expWritten, "expanded-json-alloc-B/key")
	b.ReportMetric(streamLive, "nosyntax-expanded-live-B/key")
}

// Duplicate keywords: each replaces the first definition in place, at a cost that must
// not grow with the dictionary (it scanned the entries before: 100 K keys defined twice
// took 12 s).
func BenchmarkPathologicalDuplicateKeys100K(b *testing.B) {
	var sb strings.Builder
	const n = 100_000
	for range 2 {
		for i := range n {
			fmt.Fprintf(&sb, "key%07d %d;\n", i, i)
		}
	}
	f, err := Parse("b", []byte(sb.String()))
	if err != nil {
		b.Fatal(err)
	}
	opts := ExpandOptions{CaseDir: b.TempDir()}
	for b.Loop() {
		if x := Expand(f, "", opts); len(x.Dict.Entries) != n {
			b.Fatalf("%d entries", len(x.Dict.Entries))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(2*n), "ns/entry")
}
