package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestPaceGC: without GOGC/GOMEMLIMIT the collector is off with a startHeap limit until a
// first collection, then GOGC=400 under steadyLimit; a user's GOGC is kept.
func TestPaceGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	paceGC()
	if p, l := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1); p != -1 || l != startHeap {
		t.Fatalf("at start: GOGC %d, limit %d; want off, %d", p, l, startHeap)
	}
	// The cleanup that switches to steady pacing runs on its own goroutine after the
	// collection that frees the sentinel.
	deadline := time.Now().Add(10 * time.Second)
	for debug.SetMemoryLimit(-1) != steadyLimit {
		if time.Now().After(deadline) {
			t.Fatal("still in start-up pacing after collections")
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if p := debug.SetGCPercent(400); p != 400 {
		t.Errorf("after the first collection: GOGC %d, want 400", p)
	}

	t.Setenv("GOGC", "50")
	debug.SetGCPercent(50)
	paceGC()
	if p, l := debug.SetGCPercent(50), debug.SetMemoryLimit(-1); p != 50 || l != steadyLimit {
		t.Errorf("with GOGC=50: GOGC %d, limit %d; want 50, %d", p, l, steadyLimit)
	}
}
