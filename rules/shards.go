package rules

import (
	"errors"
	"maps"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"
)

// concurrently runs f(0), ..., f(n-1) on their own goroutines and waits for them all.
func concurrently(n int, f func(i int)) {
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(i)
		}()
	}
	wg.Wait()
}

// compileShards compiles srcs: user policies with every check in one compiler, the
// embedded ones from compiled.txtar when it matches them (else from source) in
// shardCount(opts.Shards) compilers. modules are the parsed sources by file name.
func compileShards(srcs []source, opts Options) ([]*ast.Compiler, map[string]*ast.Module, error) {
	mode := embedded
	if len(opts.PolicyDirs) > 0 {
		mode = checked
	} else if !opts.fromSource {
		if pre, ok := precompiledSources(srcs); ok {
			srcs, mode = pre, precompiled
		}
	}
	parsed, err := parse(srcs)
	if err != nil {
		return nil, nil, err
	}
	// User policies may refer to each other across categories: one compiler for all.
	n := shardCount(opts.Shards)
	if mode == checked {
		n = 1
	}
	groups := shardSources(srcs, n)
	// A module in several groups (the library) is shared: Compile works on copies.
	shardModules := make([]map[string]*ast.Module, len(groups))
	for g, idx := range groups {
		shardModules[g] = make(map[string]*ast.Module, len(idx))
		for _, i := range idx {
			shardModules[g][srcs[i].name] = parsed[i]
		}
	}
	compilers := make([]*ast.Compiler, len(groups))
	errs := make([]error, len(groups))
	concurrently(len(groups), func(g int) {
		compilers[g], errs[g] = compile(shardModules[g], mode)
	})
	if err := errors.Join(errs...); err != nil {
		return nil, nil, err
	}
	return compilers, byName(srcs, parsed), nil
}

// maxShards bounds the shards: each holds its own copy of the library, compiled and
// evaluated again, which outweighs the parallelism past a few CPUs.
const maxShards = 4

func shardCount(n int) int {
	if n > 0 {
		return n
	}
	return min(runtime.GOMAXPROCS(0), maxShards)
}

// shardSources splits the embedded sources into n groups (indexes into srcs) compiled and
// evaluated independently, on their own CPUs: every group holds the library (sources
// outside rules/<category>/), and the rule categories are dealt out largest first to the
// smallest group by source size, which is what compiling costs. A category stays whole so
// that the helpers its rules share (lib.bc for the bc rules) are evaluated once per case.
func shardSources(srcs []source, n int) [][]int {
	var shared []int
	cats := map[string][]int{}
	size := map[string]int{}
	for i, s := range srcs {
		parts := strings.Split(s.name, "/") // rules/<category>/<name>/<name>.rego
		if len(parts) != 4 || parts[1] == "lib" {
			shared = append(shared, i)
			continue
		}
		cats[parts[1]] = append(cats[parts[1]], i)
		size[parts[1]] += len(s.text)
	}
	order := slices.Sorted(maps.Keys(cats))
	sort.SliceStable(order, func(i, j int) bool { return size[order[i]] > size[order[j]] })
	n = max(1, min(n, len(order)))
	groups := make([][]int, n)
	load := make([]int, n)
	for g := range groups {
		groups[g] = slices.Clone(shared)
	}
	for _, cat := range order {
		g := slices.Index(load, slices.Min(load))
		groups[g] = append(groups[g], cats[cat]...)
		load[g] += size[cat]
	}
	return groups
}
