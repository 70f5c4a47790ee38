package mine

import (
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
)

// solverDirs hold the solver applications: applications/solvers, and the Foundation's
// applications/legacy, where its releases keep the solvers not yet modules (PDRFoam,
// shallowWaterFoam in 12).
var solverDirs = []string{"applications/solvers", "applications/legacy"}

// inSolverDir reports a path under one of solverDirs.
func inSolverDir(rel string) bool {
	for _, d := range solverDirs {
		if strings.HasPrefix(rel, d+"/") {
			return true
		}
	}
	return false
}

// sourceFiles lists the .H, .C and .cxx (ESI's newer sources) files under root/src,
// the solver directories and root/applications/modules (solvers register their own
// boundary conditions), relative to root, sorted.
func sourceFiles(root string) ([]string, error) {
	var out []string
	for _, dir := range append(append([]string{"src"}, solverDirs...), "applications/modules") {
		if dir != "src" && !isDir(filepath.Join(root, dir)) {
			continue // an installation without the solver sources
		}
		if err := walkSources(root, dir, &out); err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}

func walkSources(root, dir string, out *[]string) error {
	return filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") || d.Name() == "lnInclude" {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".H") || strings.HasSuffix(p, ".C") || strings.HasSuffix(p, ".cxx") {
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			*out = append(*out, filepath.ToSlash(rel))
		}
		return nil
	})
}
