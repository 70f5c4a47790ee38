package lsp

import (
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// BenchmarkRelint measures what an edit costs: one changed dictionary of a tutorial case
// (pitzDaily's 0/U, alternately with and without a misspelt type) re-parsed, the case
// assembled again from the cached parses of the other files, every rule evaluated and
// the diagnostics built. It reports the median wall time of the iterations as ms/median
// and the process CPU time per edit (all threads: rule shards, collector) as cpu-ms/op,
// which a machine shared with other jobs inflates less than wall time.
func BenchmarkRelint(b *testing.B) {
	dir := copyTutorial(b, "incompressible/simpleFoam/pitzDaily")
	u := filepath.Join(dir, "0", "U")
	s := New(Options{Session: testSession})
	good := string(readFile(u))
	texts := []string{strings.Replace(good, "fixedValue;", "fixedValu;", 1), good}
	open := protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: pathURI(u), Text: good}}
	if err := s.didOpen(nil, &open); err != nil {
		b.Fatal(err)
	}
	if s.docs[u].cs.c == nil {
		b.Fatal("the case did not lint")
	}
	// foamc paces its collector at GOGC=400 once past start-up (cmd/foamc paceGC): the
	// server is measured as it runs
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	var times []time.Duration
	cpu0 := cpuTime(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		change := protocol.DidChangeTextDocumentParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: pathURI(u)}},
			ContentChanges: []any{protocol.TextDocumentContentChangeEventWhole{Text: texts[i%2]}},
		}
		if err := s.didChange(nil, &change); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	b.ReportMetric(float64((cpuTime(b)-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	if got := len(s.docs[u].cs.findings); got == 0 && b.N%2 == 1 {
		b.Fatal("the misspelt type was not found")
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "ms/median")
}

// cpuTime is the user and system CPU time of the process so far.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
