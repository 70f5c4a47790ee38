package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/foamc/foamc/grammar"
)

// stepsFunction is the function object limitSteps adds under adjustTimeStep.
const stepsFunction = "foamcSteps"

// stopAfter is a runTimeControl function object that ends the run after its n-th step,
// written: executed only at time index i0+n (executeControl and writeControl timeStep,
// whose write executes too: index % interval == 0, and i0, the start time's index, is
// below the interval), its maxDuration 0
// condition holds at once and runTimeControl calls writeAndEnd (v1912
// runTimeControl.C:252-280), which writes that step and ends the loop. A multi-region
// case (constant/regionProperties) names its first region as the function object's mesh.
func stopAfter(f foam, startTime float64, n int) string {
	region := ""
	if r := firstRegion(f); r != "" {
		region = " region " + r + ";"
	}
	at := startIndex(f.dir, startTime) + n
	return fmt.Sprintf(`{ type runTimeControl; libs ("libutilityFunctionObjects.so");%s executeControl timeStep; executeInterval %d; writeControl timeStep; writeInterval %d; conditions { steps { type maxDuration; duration 0; } } }`,
		region, at, at)
}

var (
	indexEntry  = regexp.MustCompile(`(?m)^\s*index\s+(\d+)\s*;`)
	regionWords = regexp.MustCompile(`\(\s*\w+\s*\(\s*(\w+)`)
)

// startIndex is the time index OpenFOAM starts from: the index of the start time's
// uniform/time (Time.C:300), 0 for a fresh start.
func startIndex(dir string, startTime float64) int {
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if v, err := strconv.ParseFloat(e.Name(), 64); err != nil || !e.IsDir() || v != startTime {
			continue
		}
		b, _ := os.ReadFile(filepath.Join(dir, e.Name(), "uniform", "time"))
		if m := indexEntry.FindSubmatch(b); m != nil {
			i, _ := strconv.Atoi(string(m[1]))
			return i
		}
	}
	return 0
}

// firstRegion is the first region of constant/regionProperties ("" without one).
func firstRegion(f foam) string {
	if _, err := os.Stat(filepath.Join(f.dir, "constant", "regionProperties")); err != nil {
		return ""
	}
	v, err := f.get(context.Background(), "constant/regionProperties", "regions")
	if err != nil {
		return ""
	}
	if m := regionWords.FindStringSubmatch(v); m != nil {
		return m[1]
	}
	return ""
}

// switchOn reads a controlDict switch as OpenFOAM's Switch does (grammar.ReadSwitch).
func switchOn(v string) bool {
	on, ok := grammar.ReadSwitch(strings.TrimSpace(v))
	return ok && on
}
