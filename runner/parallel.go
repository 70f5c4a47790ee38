package runner

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/foamcase/polymesh"
	"github.com/foamc/foamc/openfoam"
)

// decompose makes the case's decomposition match n ranks, then runs decomposePar -force.
// A case without a decomposeParDict gets one; one whose numberOfSubdomains is not n gets
// the method and coeffs chosen for n from the mesh (openfoam.ChooseDecomposition on the
// polyMesh points' bounding box), since its old n would no longer multiply to n.
// Debian's v1912 ships scotch (and metis, kahip) as stubs, so a case whose method hits a
// stub, or whose n does not multiply to n ranks, is retried once with the geometric choice,
// and the log says so.
func decompose(ctx context.Context, f foam, n int, log io.Writer) error {
	dict := filepath.Join(f.dir, "system", "decomposeParDict")
	dc, why := meshDecomposition(f.dir, n)
	choose := func() error {
		fmt.Fprintf(log, "decompose: method %s n (%d %d %d) (%s)\n", dc.Method, dc.N[0], dc.N[1], dc.N[2], why)
		for _, kv := range [][2]string{{"numberOfSubdomains", strconv.Itoa(n)}, {"method", dc.Method}, {coeffsKey(f.env, dc.Method), coeffsText(dc)}} {
			if err := f.set(ctx, "system/decomposeParDict", kv[0], kv[1]); err != nil {
				return fmt.Errorf("runner: %w", err)
			}
		}
		return nil
	}
	if _, err := os.Stat(dict); err != nil {
		if err := os.WriteFile(dict, []byte(foamHeader("dictionary", "decomposeParDict")), 0o644); err != nil {
			return fmt.Errorf("runner: %w", err)
		}
		if err := choose(); err != nil {
			return err
		}
	} else if cur, _ := f.get(ctx, "system/decomposeParDict", "numberOfSubdomains"); cur != strconv.Itoa(n) {
		if err := choose(); err != nil {
			return err
		}
	}
	for attempt := 0; ; attempt++ {
		fmt.Fprintf(log, "decompose: decomposePar -force (%d subdomains)\n", n)
		code, err := f.exec(ctx, "decomposePar", nil, "decomposePar", "-force")
		if err != nil {
			return err
		}
		if code == 0 {
			return nil
		}
		fatal, summary := "", ""
		if p, _ := parseLogFile(filepath.Join(f.dir, "log.decomposePar")); p != nil {
			fatal, summary = trimMessage(p.Fatal()), Classify(p, code, f.dir).Summary
		}
		// FOAM-PAR-001 and -002 only warn for a case with no parallel launch in its scripts.
		if attempt == 0 && (strings.Contains(fatal, "stub library") || strings.Contains(fatal, "Wrong number of domain divisions")) {
			fmt.Fprintf(log, "decompose: %s; choosing the decomposition for %d ranks\n", summary, n)
			if err := choose(); err != nil {
				return err
			}
			continue
		}
		return fmt.Errorf("runner: decomposePar failed (exit %d): %s", code, fatal)
	}
}

// meshDecomposition chooses the split for n ranks from the case's mesh points (ASCII,
// binary or .gz); a 2D case (an empty patch in the boundary file) is never cut across its
// thin direction.
func meshDecomposition(dir string, n int) (openfoam.Decomposition, string) {
	poly := filepath.Join(dir, "constant", "polyMesh")
	pts, err := polymesh.Points(poly)
	if err != nil || len(pts) == 0 {
		return openfoam.ChooseDecomposition(n, [3]float64{}, [3]bool{}), "mesh points unreadable: slabs along x"
	}
	ext := polymesh.Extent(pts)
	var skip [3]bool
	why := fmt.Sprintf("least cut area for bounding box %.4gx%.4gx%.4g", ext[0], ext[1], ext[2])
	if _, patches, err := foamcase.ReadBoundary(filepath.Join(poly, "boundary")); err == nil &&
		slices.ContainsFunc(patches, func(p foamcase.Patch) bool { return p.Type == "empty" }) {
		skip = openfoam.ThinDirection(ext)
		why += ", 2D"
	}
	return openfoam.ChooseDecomposition(n, ext, skip), why
}

// coeffsKey is the coefficients' dictionary: v1912 reads `coeffs`, Foundation 12 only
// `<method>Coeffs` (decompositionMethod.C of each).
func coeffsKey(env []string, method string) string {
	if slices.Contains(env, "WM_PROJECT_VERSION=12") {
		return method + "Coeffs"
	}
	return "coeffs"
}

func coeffsText(d openfoam.Decomposition) string {
	s := fmt.Sprintf("{ n (%d %d %d);", d.N[0], d.N[1], d.N[2])
	if d.Method == "hierarchical" {
		s += " order xyz;"
	}
	return s + " }"
}
