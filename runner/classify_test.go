package runner

import (
	"reflect"
	"strings"
	"testing"
)

func TestClassify(t *testing.T) {
	cases := []struct {
		log, dir string
		code     int
		want     Failure
	}{
		{"typoBC.log", "/tmp/f/typoBC", 1, Failure{Class: ClassBC, Kind: KindUnknownName, File: "0/U", DictPath: []string{"boundaryField", "movingWall"}, Line: 25, Keyword: "fixedValu", Patch: "movingWall", What: "patchField"}},
		{"solver.log", "/tmp/f/solver", 1, Failure{Class: ClassLinSolver, Kind: KindUnknownName, File: "system/fvSolution", DictPath: []string{"solvers", "p"}, Line: 22, Keyword: "PCGG", What: "symmetric matrix solver"}},
		{"asym.log", "/tmp/f/asym", 1, Failure{Class: ClassLinSolver, Kind: KindUnknownName, File: "system/fvSolution", DictPath: []string{"solvers", "U"}, Line: 36, Keyword: "PCG", What: "asymmetric matrix solver"}},
		{"scheme.log", "/tmp/f/scheme", 1, Failure{Class: ClassSchemes, Kind: KindUnknownName, File: "system/fvSchemes", DictPath: []string{"divSchemes", "div(phi,U)"}, Line: 32, Keyword: "linearr", What: "discretisation"}},
		{"nopiso.log", "/tmp/f/nopiso", 1, Failure{Class: ClassLinSolver, Kind: KindMissingEntry, File: "system/fvSolution", Line: 22, Keyword: "PISO"}},
		{"norefcell.log", "/tmp/f/norefcell", 1, Failure{Class: ClassLinSolver, Kind: KindMissingEntry, File: "system/fvSolution", DictPath: []string{"PISO"}, Line: 45, Keyword: "pRefCell"}},
		{"nodiv.log", "/tmp/f/nodiv", 1, Failure{Class: ClassSchemes, Kind: KindMissingEntry, File: "system/fvSchemes", DictPath: []string{"divSchemes"}, Line: 31, Keyword: "div(phi,U)"}},
		{"nonu.log", "/tmp/f/nonu", 1, Failure{Class: ClassDictionary, Kind: KindMissingEntry, File: "constant/transportProperties", Keyword: "nu"}},
		{"nop.log", "/tmp/f/nop", 1, Failure{Class: ClassMissingFile, Kind: KindMissingFile, File: "0/p"}},
		{"patch.log", "/tmp/f/patch", 1, Failure{Class: ClassBC, Kind: KindMissingPatch, File: "0/p", DictPath: []string{"boundaryField"}, Line: 27, Keyword: "movingWall", Patch: "movingWall"}},
		{"novalue.log", "/tmp/f/novalue", 1, Failure{Class: ClassBC, Kind: KindMissingValue, File: "0/U", DictPath: []string{"boundaryField", "movingWall"}, Line: 25, Keyword: "value", Patch: "movingWall"}},
		{"semi.log", "/tmp/f/semi", 1, Failure{Class: ClassFormat, Kind: KindExcessTokens, File: "system/controlDict", Line: 28, Keyword: "deltaT"}},
		{"dims.log", "/tmp/f/dims", 134, Failure{Class: ClassDimensions, Kind: KindDimensions, Fields: []string{"U", "p"}}},
		{"sigfpe.log", "/tmp/f/pitz", 136, Failure{Class: ClassDivergence, Kind: KindSignal}},
		// srun's and Open MPI's own words, from jobs on the test clusters (docs/parallel.md):
		// a node without libpmix.so, srun --mpi=pmi2 with Debian's Open MPI, no srun on the PATH.
		{"launcher-pmix.log", "/tmp/f/job", 1, Failure{Class: ClassLauncher, Kind: KindMPIPlugin, Keyword: "pmix"}},
		{"launcher-pmi2.log", "/tmp/f/job", 1, Failure{Class: ClassLauncher, Kind: KindMPIStartup}},
		{"launcher-notfound.log", "/tmp/f/job", 127, Failure{Class: ClassLauncher, Kind: KindNotFound, Keyword: "srun"}},
	}
	for _, c := range cases {
		t.Run(c.log, func(t *testing.T) {
			got := Classify(parseTestLog(t, c.log), c.code, c.dir)
			if got.Message == "" || got.Summary == "" {
				t.Fatalf("empty message/summary: %+v", got)
			}
			got.Message, got.Summary = "", ""
			valid := got.Valid
			got.Valid = nil
			if !reflect.DeepEqual(*got, c.want) {
				t.Fatalf("got  %+v\nwant %+v", *got, c.want)
			}
			if c.want.Kind == KindUnknownName && len(valid) < 4 {
				t.Fatalf("valid names not read: %v", valid)
			}
		})
	}
}

// The start-up banner names sigFpe; only a trapped exception (the handler's
// stack frame, the shell's message or death by SIGFPE) is floating-point.
func TestClassifyBannerIsNotSIGFPE(t *testing.T) {
	const banner = "Build  : v1912 OPENFOAM=1912\nsigFpe : Enabling floating point exception trapping (FOAM_SIGFPE).\n" +
		"trapFpe: Floating point exception trapping enabled (FOAM_SIGFPE).\nCreate time\n\nTime = 1\n"
	cases := []struct {
		name, log string
		code      int
		kind      string
	}{
		{"segfault", banner + "#0  Foam::error::printStack(Foam::Ostream&) at ??:?\n#1  Foam::sigSegv::sigHandler(int) at ??:?\nSegmentation fault (core dumped)\n", 139, KindOther},
		{"handler frame", banner + "#0  Foam::error::printStack(Foam::Ostream&) at ??:?\n#1  Foam::sigFpe::sigHandler(int) at ??:?\n", 1, KindSignal},
		{"shell message", banner + "Floating point exception (core dumped)\n", 1, KindSignal},
		{"exit 136", banner, 136, KindSignal},
		{"clean exit 1", banner, 1, KindOther},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParseLog(strings.NewReader(c.log))
			if err != nil {
				t.Fatal(err)
			}
			if got := Classify(p, c.code, "/tmp/case"); got.Kind != c.kind {
				t.Fatalf("exit %d: kind %s (%s), want %s", c.code, got.Kind, got.Summary, c.kind)
			}
		})
	}
}
