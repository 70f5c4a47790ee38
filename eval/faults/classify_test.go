package faults

import "testing"

const banner = `/*---------------------------------------------------------------------------*\
Build  : v1912 OPENFOAM=1912
sigFpe : Enabling floating point exception trapping (FOAM_SIGFPE).
fileModificationChecking : Monitoring run-time modified files using timeStampMaster (fileModificationSkew 10)
Case   : /tmp/run/case
`

func TestClassify(t *testing.T) {
	cases := []struct {
		name  string
		log   string
		code  int
		tmout bool
		want  Outcome
	}{
		{"clean run keeps the banner's sigFpe line apart", banner + "Time = 1\nEnd\n", 0, false,
			Outcome{Status: StatusOK}},
		{"warning", banner + "--> FOAM Warning : \n    From void Foam::x()\n    in file a.C at line 3\n    Found 6 undefined faces in mesh\nEnd\n", 0, false,
			Outcome{Status: StatusOK, Warning: "Found 6 undefined faces in mesh"}},
		{"fatal io error", banner + "\n--> FOAM FATAL IO ERROR: \nEntry 'nu' not found in dictionary \"/tmp/run/case/constant/transportProperties\"\n\nfile: /tmp/run/case/constant/transportProperties at line 17.\n", 1, false,
			Outcome{Status: StatusFail, Kind: "fatal-io-error", Step: "icoFoam", Message: `Entry 'nu' not found in dictionary "<case>/constant/transportProperties"`}},
		{"fatal error after a warning", banner + "--> FOAM Warning : \n    From f\n    w\n--> FOAM FATAL ERROR: \ncannot find file \"/tmp/run/case/0/p\"\n", 1, false,
			Outcome{Status: StatusFail, Kind: "fatal-error", Step: "icoFoam", Message: `cannot find file "<case>/0/p"`}},
		{"sigfpe", banner + "#0  Foam::error::printStack(Foam::Ostream&) at ??:?\n#1  Foam::sigFpe::sigHandler(int) at ??:?\n", 1, false,
			Outcome{Status: StatusFail, Kind: "sigfpe", Step: "icoFoam", Message: "floating point exception (SIGFPE)"}},
		{"nan residual", banner + "smoothSolver:  Solving for Ux, Initial residual = nan, Final residual = nan, No Iterations 1000\nEnd\n", 0, false,
			Outcome{Status: StatusFail, Kind: "nan", Step: "icoFoam", Message: "smoothSolver: Solving for Ux, Initial residual = nan, Final residual = nan, No Iterations 1000"}},
		{"words containing nan are not nan", banner + "Reading nanoParticles\nfinancial = 1\nEnd\n", 0, false,
			Outcome{Status: StatusOK}},
		{"timeout", banner + "Time = 1\n", -1, true,
			Outcome{Status: StatusFail, Kind: "timeout", Step: "icoFoam", Message: "did not finish in time"}},
		{"other exit", banner + "Segmentation fault\n", 1, false,
			Outcome{Status: StatusFail, Kind: "exit", Step: "icoFoam", Message: "Segmentation fault"}},
		{"a segfault after the sigFpe banner is no SIGFPE", banner + "#1  Foam::sigSegv::sigHandler(int) at ??:?\nSegmentation fault (core dumped)\n", 139, false,
			Outcome{Status: StatusFail, Kind: "exit", Step: "icoFoam", Message: "Segmentation fault (core dumped)"}},
		{"death by SIGFPE", banner + "Time = 1\n", 136, false,
			Outcome{Status: StatusFail, Kind: "sigfpe", Step: "icoFoam", Message: "floating point exception (SIGFPE)"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Classify("icoFoam", c.log, c.code, c.tmout, "/tmp/run/case")
			if got != c.want {
				t.Errorf("got  %+v\nwant %+v", got, c.want)
			}
		})
	}
}

func TestOutcomeSame(t *testing.T) {
	rec := Outcome{Status: StatusFail, Kind: "fatal-io-error", Step: "icoFoam", Message: "Entry 'nu' not found"}
	if !rec.Same(rec) {
		t.Error("an outcome differs from itself")
	}
	other := rec
	other.Message = "Entry 'mu' not found"
	if other.Same(rec) {
		t.Error("a different FATAL message counts as the same outcome")
	}
	nan1 := Outcome{Status: StatusFail, Kind: "nan", Step: "icoFoam", Message: "residual = nan 1"}
	nan2 := nan1
	nan2.Message = "residual = nan 2"
	if !nan1.Same(nan2) {
		t.Error("nan outcomes must compare by kind and step only")
	}
	if (Outcome{Status: StatusOK}).Same(rec) {
		t.Error("ok equals fail")
	}
}

func TestCorpusValidate(t *testing.T) {
	base := "bases:\n  - {name: b, tutorial: x/y, solver: icoFoam}\n"
	for _, bad := range []string{
		base + "faults:\n  - {id: Bad_ID, base: b, summary: s, rules: [FOAM-BC-001], edits: [{op: delete, file: 0/p}]}\n",
		base + "faults:\n  - {id: f, base: nope, summary: s, rules: [FOAM-BC-001], edits: [{op: delete, file: 0/p}]}\n",
		base + "faults:\n  - {id: f, base: b, summary: s, rules: [BC-001], edits: [{op: delete, file: 0/p}]}\n",
		base + "faults:\n  - {id: f, base: b, summary: s, rules: [FOAM-BC-001], edits: []}\n",
		base + "faults:\n  - {id: f, base: b, summary: s, rules: [FOAM-BC-001], edits: [{op: set, file: 0/p, key: a}]}\n",
		base + "faults:\n  - {id: f, base: b, summary: s, rules: [FOAM-BC-001], edits: [{op: delete, file: 0/p}]}\n  - {id: f, base: b, summary: s, rules: [FOAM-BC-001], edits: [{op: delete, file: 0/p}]}\n",
		base + "faults:\n  - {id: f, base: b, summary: s, typo: 1, rules: [FOAM-BC-001], edits: [{op: delete, file: 0/p}]}\n",
	} {
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("accepted:\n%s", bad)
		}
	}
	if _, err := Parse([]byte(base + "faults:\n  - {id: f, base: b, summary: s, rules: [FOAM-BC-001], edits: [{op: delete, file: 0/p}]}\n")); err != nil {
		t.Errorf("valid corpus rejected: %v", err)
	}
}
