package grammar

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/foamc/foamc/internal/foamtest"
)

// The oracle compares foamc's expansion with OpenFOAM's own reader, `foamDictionary
// -case <root> -expand <file>`, after both sides are mapped to expanded JSON.
//
// Sample (deterministic, docs/json-mapping.md "Oracle"): the tutorial files that start
// with a FoamFile header, sorted by path, excluding what foamDictionary cannot read
// (polyMesh bulk lists, cloud positions, .eMesh, `format binary`) and what it must not
// (#codeStream/#calc in the file or its includes: it would compile and run them); of these every 10th
// file, plus every 2nd "feature" file (one using `$`, `#`, or a quoted regex keyword).
// FOAMC_ORACLE=all checks every candidate instead.

const oracleStride, oracleFeatureStride = 10, 2

// oracleSkipReason says why foamDictionary cannot be an oracle for a file, or "".
func oracleSkipReason(rel string, head []byte) string {
	base := filepath.Base(rel)
	switch {
	case strings.Contains(rel, "/polyMesh/") && base != "boundary":
		return "polyMesh bulk list: foamDictionary reads a top-level N(...) as entries"
	case strings.HasSuffix(base, "Positions") || strings.HasSuffix(base, ".eMesh"):
		return "top-level list: foamDictionary reads it as entries"
	case bytes.Contains(head, []byte("format      binary")) || bytes.Contains(head, []byte("format binary")):
		return "format binary: foamDictionary v1912 ignores the header format"
	case strings.HasSuffix(base, ".gz"):
		return "compressed: foamDictionary needs the name without .gz"
	}
	return ""
}

// oracleJustified lists files where foamc deliberately differs from foamDictionary.
// Each reason is repeated in docs/json-mapping.md.
var oracleJustified = map[string]string{}

type oracleCase struct {
	rel, path, root string
}

func oracleSample(t *testing.T, tut string) (sample []oracleCase, skipped map[string]int) {
	var all []string
	err := filepath.WalkDir(tut, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			all = append(all, p)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walk tutorials: %v", err)
	}
	sort.Strings(all)
	everything := os.Getenv("FOAMC_ORACLE") == "all"
	skipped = map[string]int{}
	n, nf := 0, 0
	for _, p := range all {
		head := make([]byte, 4096)
		fh, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		k, _ := fh.Read(head)
		fh.Close()
		head = head[:k]
		if !bytes.Contains(head, []byte("FoamFile")) || bytes.IndexByte(head, 0) >= 0 {
			continue
		}
		rel, _ := filepath.Rel(tut, p)
		if why := oracleSkipReason(rel, head); why != "" {
			skipped[why]++
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if hasCodeMark(src) || bytes.Contains(src, []byte("#include")) && includesCodeOf(p) {
			skipped["#codeStream/#calc: foamDictionary -expand would compile and run it"]++
			continue
		}
		feature := bytes.ContainsAny(src, "$#") || bytes.Contains(src, []byte("\n    \"")) || bytes.Contains(src, []byte("\n\""))
		take := everything || n%oracleStride == 0
		if feature {
			take = take || nf%oracleFeatureStride == 0
			nf++
		}
		n++
		if take {
			sample = append(sample, oracleCase{rel: rel, path: p, root: FindCaseDir(p)})
		}
	}
	return sample, skipped
}

// oracleEnv is the environment both readers see: foamDictionary sets FOAM_CASE,
// FOAM_CASENAME and FOAM_EXECUTABLE itself (argList.C); FOAM_API comes from etc/bashrc.
func oracleEnv(root string) map[string]string {
	env := map[string]string{}
	for _, kv := range foamtest.Env() {
		if k, v, ok := strings.Cut(kv, "="); ok {
			env[k] = v
		}
	}
	env["FOAM_CASE"] = root
	env["PWD"] = root // OpenFOAM's cwd() warns on stdout when PWD disagrees with the real cwd
	env["FOAM_CASENAME"] = filepath.Base(root)
	env["FOAM_EXECUTABLE"] = "foamDictionary"
	if env["FOAM_API"] == "" {
		env["FOAM_API"] = "1912"
	}
	return env
}

type oracleResult struct {
	c        oracleCase
	oracle   any
	ours     any
	oraErr   string
	oursErr  string
	mismatch string
}

// includesCodeOf reports a code directive in anything the file at p includes.
func includesCodeOf(p string) bool {
	root := FindCaseDir(p)
	x, err := ExpandFile(p, ExpandOptions{CaseDir: root, EtcDir: foamEnv("FOAM_ETC"), AllowOutside: true, Env: mapEnv(oracleEnv(root))})
	return err != nil || includesCode(x, root)
}

// runOracle runs foamDictionary with HOME home (foamDictHome: code refused).
func runOracle(bin, home string, c oracleCase) oracleResult {
	r := oracleResult{c: c}
	env := oracleEnv(c.root)
	env["HOME"] = home
	var envList []string
	for k, v := range env {
		envList = append(envList, k+"="+v)
	}
	sort.Strings(envList)
	rel, _ := filepath.Rel(c.root, c.path)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	// "./" keeps a time directory such as -180/U from reading as an option.
	cmd := exec.CommandContext(ctx, bin, "-case", c.root, "-expand", "./"+rel)
	cmd.Dir = c.root
	cmd.Env = envList
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		r.oraErr = firstFatalLine(stderr.String() + stdout.String())
		if r.oraErr == "" {
			r.oraErr = err.Error()
		}
		return r
	}
	of, err := Parse(c.rel+" (foamDictionary)", stdout.Bytes())
	if err != nil {
		r.oraErr = "cannot parse foamDictionary output: " + err.Error()
		return r
	}
	ox := Expand(of, "", ExpandOptions{CaseDir: c.root, Env: mapEnv(env)})
	r.oracle = ox.Value(ValueOptions{Values: true})
	x, err := ExpandFile(c.path, ExpandOptions{CaseDir: c.root, Env: mapEnv(env)})
	if err != nil {
		r.oursErr = err.Error()
		return r
	}
	r.ours = x.Value(ValueOptions{Values: true})
	r.mismatch = jsonDiff("", r.ours, r.oracle)
	if r.mismatch == "" {
		r.mismatch = orderDiff("", x.Dict, ox.Dict)
	}
	return r
}

// oursVerdict summarises foamc's findings on a file the oracle could not read.
func oursVerdict(c oracleCase) string {
	x, err := ExpandFile(c.path, ExpandOptions{CaseDir: c.root, Env: mapEnv(oracleEnv(c.root))})
	if err != nil {
		return "parse error"
	}
	for _, f := range x.Findings {
		if f.Severity == "deny" {
			return f.ID + " " + f.Summary
		}
	}
	return "no deny finding"
}

func mapEnv(env map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) {
		v, ok := env[k]
		return v, ok
	}
}

func firstFatalLine(out string) string {
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if strings.Contains(l, "FOAM FATAL") {
			for _, m := range lines[i+1:] {
				if m = strings.TrimSpace(m); m != "" {
					return m
				}
			}
		}
	}
	return ""
}

// jsonDiff returns the first difference between two expanded JSON values ("" when
// equal). Numbers compare with a relative tolerance of 1e-5: foamDictionary writes
// 6 significant digits.
func jsonDiff(path string, a, b any) string {
	if fa, ok := toFloat(a); ok {
		if fb, ok := toFloat(b); ok {
			if fa == fb || math.Abs(fa-fb) <= 1e-5*math.Max(math.Abs(fa), math.Abs(fb)) {
				return ""
			}
		}
		return fmt.Sprintf("%s: %v != %v", path, a, b)
	}
	switch av := a.(type) {
	case map[string]any:
		bv, ok := b.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: object != %T", path, b)
		}
		keys := map[string]bool{}
		for k := range av {
			keys[k] = true
		}
		for k := range bv {
			keys[k] = true
		}
		var sorted []string
		for k := range keys {
			sorted = append(sorted, k)
		}
		sort.Strings(sorted)
		for _, k := range sorted {
			x, okA := av[k]
			y, okB := bv[k]
			if !okA || !okB {
				return fmt.Sprintf("%s/%s: present only in %s", path, k, map[bool]string{true: "foamc", false: "foamDictionary"}[okA])
			}
			if d := jsonDiff(path+"/"+k, x, y); d != "" {
				return d
			}
		}
		return ""
	case []any:
		bv, ok := b.([]any)
		if !ok {
			return fmt.Sprintf("%s: array != %v", path, b)
		}
		if len(av) != len(bv) {
			return fmt.Sprintf("%s: %d items != %d", path, len(av), len(bv))
		}
		for i := range av {
			if d := jsonDiff(fmt.Sprintf("%s/%d", path, i), av[i], bv[i]); d != "" {
				return d
			}
		}
		return ""
	}
	if a != b {
		return fmt.Sprintf("%s: %v != %v", path, a, b)
	}
	return ""
}

// orderDiff compares keyword order, which JSON objects do not keep: duplicates must
// stay at their first position, #remove and includes must splice in place.
func orderDiff(path string, a, b *ExpDict) string {
	ka, kb := a.Keys(), b.Keys()
	if !reflect.DeepEqual(ka, kb) {
		return fmt.Sprintf("%s: keyword order %v != %v", path, ka, kb)
	}
	for i, e := range a.Entries {
		if e.Dict != nil && b.Entries[i].Dict != nil {
			if d := orderDiff(path+"/"+e.Key, e.Dict, b.Entries[i].Dict); d != "" {
				return d
			}
		}
	}
	return ""
}

func toFloat(v any) (float64, bool) {
	switch n := v.(type) {
	case int64:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}

func TestOracleFoamDictionary(t *testing.T) {
	tut := foamtest.Tutorials(t)
	bin := foamtest.RequireBinary(t, "foamDictionary")
	sample, skipped := oracleSample(t, tut)
	home := foamDictHome(t)
	if len(sample) < 500 {
		t.Fatalf("oracle sample has %d files, want >= 500", len(sample))
	}
	results := make([]oracleResult, len(sample))
	var wg sync.WaitGroup
	work := make(chan int)
	for w := 0; w < 2; w++ { // bounded parallelism: 2 cores shared
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				results[i] = runOracle(bin, home, sample[i])
			}
		}()
	}
	for i := range sample {
		work <- i
	}
	close(work)
	wg.Wait()

	agree, oracleFailed, justified := 0, map[string]int{}, 0
	var failures []string
	for _, r := range results {
		switch {
		case r.oraErr != "":
			class := oracleFailureClass(r.oraErr)
			oracleFailed[class]++
			ours := oursVerdict(r.c)
			t.Logf("oracle cannot read %s: %s; foamc: %s", r.c.rel, r.oraErr, ours)
			// Where OpenFOAM fails on an include or a variable, foamc must say so too.
			if (class == "missing include" || class == "undefined variable") && ours == "no deny finding" {
				failures = append(failures, fmt.Sprintf("%s: foamDictionary fails (%s) but foamc reports nothing", r.c.rel, r.oraErr))
			}
		case r.oursErr != "":
			failures = append(failures, fmt.Sprintf("%s: foamc failed where foamDictionary succeeded: %s", r.c.rel, r.oursErr))
		case r.mismatch == "":
			agree++
		case oracleJustified[r.c.rel] != "":
			justified++
		default:
			failures = append(failures, fmt.Sprintf("%s: %s", r.c.rel, r.mismatch))
		}
	}
	t.Logf("oracle: %d sampled, %d agree, %d justified differences, %d disagree; foamDictionary failed on %v; not sampled: %v",
		len(sample), agree, justified, len(failures), oracleFailed, skipped)
	for _, f := range failures {
		t.Error(f)
	}
}

// oracleFailureClass groups foamDictionary failures for the summary line.
func oracleFailureClass(msg string) string {
	switch {
	case strings.Contains(msg, "Cannot open include file"):
		return "missing include"
	case strings.Contains(msg, "Unknown functionEntry"):
		return "unknown directive"
	case strings.Contains(msg, "Illegal dictionary entry or environment variable"):
		return "undefined variable"
	}
	return "other"
}
