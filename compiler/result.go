package compiler

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/internal/saferead"
)

// result prints every dictionary, copies the mesh, writes Allrun and provenance.json (in
// v1912's spelling: a release restates the finished case).
func (c *checking) result() *Result {
	r := &Result{Name: c.spec.Name, Files: map[string][]byte{}, Executable: map[string]bool{}, Provenance: c.prov, Features: c.feat}
	for p, f := range c.files {
		r.Files[p] = grammar.Format(f)
	}
	c.copyMesh(r)
	sc := c.scripts(v1912)
	r.Files["Allrun"] = sc.allrun()
	r.Executable["Allrun"] = true
	r.Provenance["/files/Allrun"] = curated("generated run script (mesh step, patch types, solver)")
	sc.writeJob(r)
	c.expectations().record(r)
	// Spec fields the slot filler supplied turn every entry sourced from them into llm entries.
	for ptr, src := range r.Provenance {
		if src.Kind == KindSpec {
			if a, ok := c.fills[src.Spec]; ok {
				r.Provenance[ptr] = a.src
			}
		}
	}
	for i := range c.slots {
		if c.slots[i].Source.Kind == KindSpec {
			if a, ok := c.fills[c.slots[i].Source.Spec]; ok {
				c.slots[i].Source = a.src
			}
		}
	}
	r.Slots = c.slots
	r.Files["provenance.json"] = c.provenanceJSON(r)
	if c.spec.Doc.File != "" {
		// The spec file as named (LoadSpec), or by its name in the spec directory (CompileBytes).
		spec, err := filepath.Abs(c.spec.Doc.File)
		if _, serr := os.Stat(spec); err != nil || serr != nil {
			spec = filepath.Join(c.spec.Dir, filepath.Base(c.spec.Doc.File))
		}
		r.inputs = append(r.inputs, spec)
	}
	if c.mesh != nil && c.mesh.Source != "" {
		r.inputs = append(r.inputs, c.mesh.Source)
	}
	finding.Sort(c.notes)
	r.Findings = c.notes
	return r
}

// Provenance file layout.
type provenanceFile struct {
	Version int               `json:"version"`
	Spec    string            `json:"spec"`
	Feature Features          `json:"features"`
	Entries map[string]Source `json:"entries"`
	Slots   Table             `json:"slots"`
}

func (c *emission) provenanceJSON(r *Result) []byte {
	spec := filepath.Base(c.spec.Doc.File)
	b, err := json.MarshalIndent(provenanceFile{Version: 1, Spec: spec, Feature: c.feat, Entries: r.Provenance, Slots: c.slots}, "", "  ")
	if err != nil {
		panic(fmt.Sprintf("provenance is plain data: %v", err))
	}
	return append(b, '\n')
}

// copyMesh copies the mesh source into the case, applying patch type changes.
func (c *checking) copyMesh(r *Result) {
	m := c.mesh
	changed := false
	for _, pt := range m.Patches {
		if t := c.sol["mesh/"+pt.Name+"/type"]; t != "" && t != pt.Type {
			if m.Kind != "gmsh" && m.Kind != "geometry" {
				m.setPatchType(pt.Name, t)
				changed = true
			}
			role := ""
			if b := c.spec.Boundaries[pt.Name]; b != nil {
				role = b.Role
			}
			c.notes = append(c.notes, c.spec.Doc.Finding(IDRetyped, finding.Info, "/boundaries/"+escape(pt.Name),
				fmt.Sprintf("mesh patch %q has type %s, which disagrees with its role %s: retyped to %s in the compiled case", pt.Name, pt.Type, role, t),
				"set mesh.patchTypes."+pt.Name+" to keep another type"))
		}
	}
	src := func(p string) Source {
		// Paths relative to the spec keep provenance.json machine-independent.
		if rel, err := filepath.Rel(c.spec.Dir, p); err == nil {
			p = filepath.ToSlash(rel)
		}
		return Source{Kind: KindSpec, Spec: "/mesh/" + map[string]string{"blockMeshDict": "blockMeshDict", "polyMesh": "polyMesh", "gmsh": "gmsh"}[m.Kind], Ref: p}
	}
	switch m.Kind {
	case "blockMeshDict":
		data, err := saferead.ReadFile(m.Source, 0)
		if err != nil {
			c.fail(IDMesh, "/mesh/blockMeshDict", "cannot read the blockMeshDict: "+err.Error(), "check the path")
		}
		if changed || m.expanded {
			data = grammar.Format(m.file)
		}
		r.Files["system/blockMeshDict"] = data
		r.Provenance["/files/system~1blockMeshDict"] = src(m.Source)
		c.notes = append(c.notes, m.patchesNote(c.spec))
		for _, pt := range m.Patches {
			if t := c.sol["mesh/"+pt.Name+"/type"]; t != pt.Type {
				r.Provenance["/files/system~1blockMeshDict"+m.typePointer(pt.Name)] = c.prob.source("mesh/"+pt.Name+"/type", t)
			}
		}
	case "polyMesh":
		entries, _ := os.ReadDir(m.Source)
		for _, e := range entries {
			if e.IsDir() {
				continue
			}
			data, err := saferead.ReadFile(filepath.Join(m.Source, e.Name()), 0)
			if err != nil {
				c.fail(IDMesh, "/mesh/polyMesh", "cannot read the polyMesh: "+err.Error(), "check the path")
			}
			name := e.Name()
			if strings.HasPrefix(name, "boundary") && changed {
				data = grammar.Format(m.file)
				name = "boundary"
			}
			r.Files["constant/polyMesh/"+name] = data
			r.Provenance["/files/constant~1polyMesh~1"+escape(name)] = src(filepath.Join(m.Source, e.Name()))
		}
	case "geometry":
		c.copyGeometry(r)
	case "gmsh":
		data, err := saferead.ReadFile(m.Source, 0)
		if err != nil {
			c.fail(IDMesh, "/mesh/gmsh", "cannot read the gmsh mesh: "+err.Error(), "check the path")
		}
		r.Files["mesh.msh"] = data
		r.Provenance["/files/mesh.msh"] = src(m.Source)
	}
}

// scripts writes the case's run scripts (Allrun, job.slurm) from what the emit stage
// settled: the mesh and its patch types, the run block, the release's application and
// environment.
type scripts struct {
	spec     *Spec
	mesh     *meshInfo
	sol      assignment
	solver   string // the job's name when the spec has none
	app, env string
}

// allrun writes a POSIX shell script that meshes and runs the case with plain OpenFOAM
// binaries (no bashrc needed when WM_PROJECT_DIR and FOAM_ETC are set).
func (c scripts) allrun() []byte {
	var b bytes.Buffer
	app := c.app
	b.WriteString("#!/bin/sh\n# Generated by foamc compile: mesh, then run " + app + ".\ncd \"$(dirname \"$0\")\" || exit 1\nset -e\n")
	b.WriteString(c.env)
	c.meshSteps(&b)
	if n := ranks(c.spec); n > 1 {
		c.parallelSteps(&b, fmt.Sprintf("mpirun -np %d", n), n)
	} else {
		fmt.Fprintf(&b, "run %s\n", app)
	}
	return b.Bytes()
}

// lint writes the result to a scratch directory and runs the full rule check on it.
func (c *given) lint(r *Result) ([]finding.Finding, error) {
	dir, err := os.MkdirTemp("", "foamc-lint-")
	if err != nil {
		return nil, fmt.Errorf("lint scratch dir: %w", err)
	}
	defer os.RemoveAll(dir)
	if err := r.writeTree(dir); err != nil {
		return nil, err
	}
	fs, err := c.opts.Linter.LintDir(c.ctx, dir)
	if err != nil {
		return nil, fmt.Errorf("linting the compiled case: %w", err)
	}
	var denies []finding.Finding
	for _, f := range fs {
		if f.Severity == finding.Deny {
			denies = append(denies, f)
		}
	}
	return denies, nil
}

// ban maps deny findings to the slots whose value they rest on and removes those values
// from the domains; it reports whether anything could be pruned.
func (c *checking) ban(denies []finding.Finding) bool {
	pruned := false
	for _, d := range denies {
		path := d.Location.Path
		for _, v := range c.prob.vars {
			vp := pointerOfSlot(v.ID)
			if path == vp || strings.HasPrefix(path, vp+"/") {
				if v.banned == nil {
					v.banned = map[string]string{}
				}
				if _, ok := v.banned[c.sol[v.ID]]; !ok {
					v.banned[c.sol[v.ID]] = d.ID + ": " + d.Summary
					pruned = true
				}
			}
		}
	}
	return pruned
}

// pointerOfSlot turns "0/U/boundaryField/inlet" into "/files/0~1U/boundaryField/inlet".
func pointerOfSlot(id string) string {
	parts := strings.Split(id, "/")
	if len(parts) < 2 {
		return "/" + escape(id)
	}
	out := filePtr(parts[0] + "/" + parts[1])
	for _, p := range parts[2:] {
		out += "/" + escape(p)
	}
	return out
}

// Write writes the case atomically: into a temporary directory beside dir, then renamed.
// An existing dir is replaced only with force, and even then only when foamc wrote it
// (its provenance.json is foamc's) and it holds none of the inputs (spec, mesh): force
// never deletes a user's files.
func (r *Result) Write(dir string, force bool) error {
	dir = filepath.Clean(dir)
	if _, err := os.Lstat(dir); err == nil {
		if !force {
			return finding.List{{ID: IDTarget, Severity: finding.Deny, Summary: "the output directory already exists",
				Fix: "choose another -o or pass --force", Location: finding.Location{File: dir}}}
		}
		if err := r.replaceable(dir); err != nil {
			return err
		}
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", parent, err)
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".tmp-")
	if err != nil {
		return fmt.Errorf("creating a temporary case beside %s: %w", dir, err)
	}
	if err := r.writeTree(tmp); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	if force {
		old := tmp + ".old"
		if err := os.Rename(dir, old); err != nil && !errors.Is(err, fs.ErrNotExist) {
			os.RemoveAll(tmp)
			return fmt.Errorf("moving the old case aside: %w", err)
		}
		defer os.RemoveAll(old)
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.RemoveAll(tmp)
		return fmt.Errorf("renaming the compiled case into place: %w", err)
	}
	return nil
}

// replaceable refuses (a finding) to replace dir unless foamc compiled it and it holds
// no input of this compilation.
func (r *Result) replaceable(dir string) error {
	refuse := func(summary, fix string) error {
		return finding.List{{ID: IDTarget, Severity: finding.Deny, Summary: summary, Fix: fix, Location: finding.Location{File: dir}}}
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return refuse("cannot replace the output directory: "+err.Error(), "choose another -o")
	}
	if st, err := os.Stat(real); err != nil || !st.IsDir() {
		return refuse("the output path exists and is not a directory foamc wrote", "choose another -o; --force replaces only a case foamc compiled")
	}
	var prov provenanceFile
	data, err := saferead.ReadFile(filepath.Join(real, "provenance.json"), 0)
	if err == nil {
		err = json.Unmarshal(data, &prov)
	}
	if err != nil || prov.Version < 1 || prov.Spec == "" || prov.Entries == nil {
		return refuse("the output directory was not written by foamc (no foamc provenance.json): --force will not delete it",
			"choose another -o, or remove the directory yourself; --force replaces only a case foamc compiled")
	}
	for _, in := range r.inputs {
		ri, err := filepath.EvalSymlinks(in)
		if err != nil {
			ri = in
		}
		if rel, err := filepath.Rel(real, ri); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
			return refuse("the output directory holds an input of this compilation ("+in+"): --force would delete it",
				"write the case somewhere else (-o), or move the input out of the directory")
		}
	}
	return nil
}

func (r *Result) writeTree(dir string) error {
	paths := make([]string, 0, len(r.Files))
	for p := range r.Files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return fmt.Errorf("writing case: %w", err)
		}
		mode := fs.FileMode(0o644)
		if r.Executable[p] {
			mode = 0o755
		}
		if err := os.WriteFile(full, r.Files[p], mode); err != nil {
			return fmt.Errorf("writing case: %w", err)
		}
	}
	return nil
}
