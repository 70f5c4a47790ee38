package verify

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/schema"
)

// f12ForceCoeffs is the head and last rows of the forceCoeffs.dat Foundation 12's foamRun
// wrote for a compiled channel (target openfoam-12, expect drag: forceCoeff Cd).
const f12ForceCoeffs = `# Force coefficients
# liftDir       : (0.00000000e+00 1.00000000e+00 0.00000000e+00)
# dragDir       : (1.00000000e+00 0.00000000e+00 0.00000000e+00)
# pitchAxis     : (0.00000000e+00 0.00000000e+00 1.00000000e+00)
# magUInf       : 1.00000000e+01
# lRef          : 1.00000000e+00
# Aref          : 1.00000000e+00
# CofR          : (0.00000000e+00 0.00000000e+00 0.00000000e+00)
# Time          	Cm              	Cd              	Cl              	Cl(f)           	Cl(r)           
29              	-1.38443877e-06	5.53391723e-05	-1.60257132e-09	-1.38524006e-06	1.38363749e-06
30              	-1.38407427e-06	5.53392300e-05	-1.10864381e-09	-1.38462860e-06	1.38351995e-06
`

// TestForceCoeffsFoundation12: Foundation 12 writes forceCoeffs.dat (Cm, Cd, Cl, Cl(f),
// Cl(r)) where v1912 writes coefficient.dat; verify measures Cd and Cm there and says Cs is
// not written.
func TestForceCoeffsFoundation12(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "postProcessing", "expect_drag", "0")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "forceCoeffs.dat"), []byte(f12ForceCoeffs), 0o644); err != nil {
		t.Fatal(err)
	}
	for coeff, want := range map[string]float64{"Cd": 5.533923e-05, "Cm": -1.38407427e-06} {
		m, err := measure(dir, &spec{}, &schema.Expect{Name: "drag", ForceCoeff: coeff})
		if err != nil || m.value != want || len(m.files) != 1 || !strings.HasSuffix(m.files[0], "forceCoeffs.dat") {
			t.Errorf("%s: %v %+v", coeff, err, m)
		}
	}
	if _, err := measure(dir, &spec{}, &schema.Expect{Name: "drag", ForceCoeff: "Cs"}); err == nil || !strings.Contains(err.Error(), `no column "Cs"`) {
		t.Errorf("Cs: %v", err)
	}
}
