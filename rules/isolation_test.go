package rules

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
)

// TestRuleFailureIsolated: a rule whose evaluation fails on a case (a builtin type error)
// costs only that rule: it becomes one deny "could not evaluate" finding, every other rule
// still reports, and the gate refuses the case without starting the command.
func TestRuleFailureIsolated(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("site/broken/rule.rego", `# METADATA
# title: broken site policy
# custom:
#   id: FOAM-SEC-901
#   severity: warn
#   fix: none
#   provenance: [site]
package foamc.rules.site.broken

# Multiplies the application word: a type error at run time on every case.
findings contains {"path": "/features/solver", "msg": sprintf("%v", [input.files["system/controlDict"].application * 2])} if true
`)
	write("site/fine/rule.rego", `# METADATA
# title: working site policy
# custom:
#   id: FOAM-SEC-902
#   severity: warn
#   fix: none
#   provenance: [site]
package foamc.rules.site.fine

findings contains {"path": "/features/solver", "msg": "seen"} if input.features.solver != ""
`)
	ctx := context.Background()
	e, err := New(ctx, Options{KB: fixtureKB(t), PolicyDirs: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.LintDir(ctx, caseDir(t, "cavity-clean"), foamcase.Options{})
	if err != nil {
		t.Fatalf("one failing rule made the whole evaluation fail: %v", err)
	}
	var broken, fine []finding.Finding
	for _, f := range res.Findings {
		switch f.ID {
		case "FOAM-SEC-901":
			broken = append(broken, f)
		case "FOAM-SEC-902":
			fine = append(fine, f)
		}
	}
	if len(broken) != 1 || broken[0].Severity != finding.Deny ||
		!strings.HasPrefix(broken[0].Summary, "could not evaluate FOAM-SEC-901") ||
		!strings.Contains(broken[0].Detail, "site/broken/rule.rego") {
		t.Errorf("failing rule gave %+v, want one deny could-not-evaluate finding naming its source", broken)
	}
	if len(fine) != 1 {
		t.Errorf("the working rule reported %v", fine)
	}

	// Fail closed: the could-not-evaluate finding is a deny, so the gate refuses the case
	// (runner.TestGate proves a deny never starts the command).
	if finding.Max(res.Findings) != finding.Deny {
		t.Errorf("a case a rule cannot evaluate is not denied: %v", res.Findings)
	}

	// Disabling the failing rule drops its finding as it drops the rule's own.
	e2, err := New(ctx, Options{KB: fixtureKB(t), PolicyDirs: []string{dir}, Disabled: []string{"FOAM-SEC-901"}})
	if err != nil {
		t.Fatal(err)
	}
	res, err = e2.LintDir(ctx, caseDir(t, "cavity-clean"), foamcase.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Findings {
		if f.ID == "FOAM-SEC-901" {
			t.Errorf("disabled failing rule reported %v", f)
		}
	}
}
