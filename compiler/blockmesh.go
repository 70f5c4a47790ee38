package compiler

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/internal/contain"
	"github.com/foamc/foamc/internal/proc"
	"github.com/foamc/foamc/internal/saferead"
	"github.com/foamc/foamc/openfoam"
)

// IDPatchesFrom is the info finding that says where a blockMeshDict's patches were read.
const IDPatchesFrom = "FOAM-COMPILE-105"

// The two ways the compiler learns a blockMeshDict's patches (FOAM-COMPILE-105 names the one used).
const (
	fromBlockMesh = "blockMesh v1912 in a scratch directory"
	fromReader    = "foamc's reading of blockMeshDict"
)

// blockMeshTimeout bounds the scratch blockMesh run; a mesh that takes longer is read by foamc.
const blockMeshTimeout = 5 * time.Minute

// topoKey identifies a block face as blockMesh's topology matches faces (face::sameVertices:
// the same labels, each as often): the sorted labels, repeats kept. Unlike faceKey, a face
// collapsed to an edge (a wedge's axis) is still a face of the topology: left out of every
// patch it makes blockMesh add its default patch, which then keeps no mesh face.
func topoKey(ids []int) string {
	u := append([]int(nil), ids...)
	sort.Ints(u)
	parts := make([]string, len(u))
	for i, v := range u {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, " ")
}

// collapsed reports a topology face with fewer than three distinct labels: blockMesh drops
// its mesh faces (blockMeshCreate.C, createPatchFaces).
func collapsed(key string) bool { return faceKey(labelsOf(key)) == "" }

func labelsOf(key string) []int {
	var out []int
	for _, f := range strings.Fields(key) {
		n, _ := strconv.Atoi(f)
		out = append(out, n)
	}
	return out
}

// blockPatches is foamc's reading of the patches a blockMeshDict declares, as
// blockMeshTopology.C reads them: the older `patches ( type name (faces) … )` list when
// present (it wins over boundary, with an optional leading count), else
// `boundary ( name { type …; faces (…); inGroups (…); } … )`; then the default patch for
// the topology faces no patch lists (polyMeshFromShapeMesh.C: defaultPatch's name and type,
// else defaultFaces of type empty; a last declared patch of that name without faces is
// reused with its own type). A face of two labels is (block, face index).
func blockPatches(path string, body *grammar.Dict, g *blockGeom) ([]meshPatch, error) {
	var out []meshPatch
	listed := map[string]bool{}
	add := func(p meshPatch, faces []grammar.Item) error {
		for _, q := range out {
			if q.Name == p.Name {
				return meshError(path, nil, fmt.Sprintf("the blockMeshDict declares patch %q twice", p.Name), "give each patch one entry")
			}
		}
		for _, it := range faces {
			ids, ok := faceLabels(it, g)
			if !ok {
				continue // named vertices and the like: blockMesh resolves them, foamc does not
			}
			k := topoKey(ids)
			if g.topo[k] == 0 {
				return meshError(path, it, fmt.Sprintf("face %s of patch %q is not a face of any block", itemsText([]grammar.Item{it}), p.Name),
					"list block faces by their four vertex labels (or as (block face))")
			}
			listed[k] = true
			p.topo = append(p.topo, k)
			if fk := faceKey(ids); fk != "" {
				p.faceKeys = append(p.faceKeys, fk)
			}
		}
		out = append(out, p)
		return nil
	}
	if e, ok := body.Find("patches").(*grammar.PrimitiveEntry); ok {
		items := firstListItems(body, "patches")
		if len(e.Value) == 0 {
			return nil, meshError(path, e, "the blockMeshDict's patches entry is empty", "write patches ( type name ( (faces) ) … )")
		}
		for i := 0; i < len(items); i += 3 {
			typ, ok1 := items[i].(*grammar.Word)
			var name *grammar.Word
			var faces *grammar.List
			ok2, ok3 := false, false
			if i+2 < len(items) {
				name, ok2 = items[i+1].(*grammar.Word)
				faces, ok3 = items[i+2].(*grammar.List)
			}
			if !ok1 || !ok2 || !ok3 {
				return nil, meshError(path, items[i], "an entry of the blockMeshDict's patches list is not `type name ( (faces) )`",
					"write each patch as: wall lowerWall ( (0 1 5 4) )")
			}
			if typ.Value == "cyclic" {
				// blockMeshTopology.C refuses the old-style cyclic (FatalIOError).
				return nil, meshError(path, typ, fmt.Sprintf("patch %q is an old-style cyclic, which blockMesh v1912 refuses", name.Value),
					"declare the two halves in the boundary syntax: name { type cyclic; neighbourPatch other; faces (…); }")
			}
			if err := add(meshPatch{Name: name.Value, Type: typ.Value}, faces.Items); err != nil {
				return nil, err
			}
		}
	} else if body.Find("boundary") != nil {
		items := firstListItems(body, "boundary")
		for i := 0; i < len(items); i++ {
			w, ok := items[i].(*grammar.Word)
			var d *grammar.Dict
			if ok && i+1 < len(items) {
				d, ok = items[i+1].(*grammar.Dict)
			}
			if !ok {
				return nil, meshError(path, items[i], "an entry of the blockMeshDict's boundary list is not `name { type …; faces (…); }`",
					"write each patch as: inlet { type patch; faces ((0 4 7 3)); }")
			}
			i++
			p := meshPatch{Name: w.Value, Type: "patch", Groups: wordList(d, "inGroups")}
			if t := wordOf(d, "type"); t != "" {
				p.Type = t
			}
			if err := add(p, d.ListItems("faces")); err != nil {
				return nil, err
			}
		}
	}
	left, faces := 0, 0
	for k, c := range g.topo {
		if c == 1 && !listed[k] {
			left++
			if !collapsed(k) {
				faces++
			}
		}
	}
	if left == 0 {
		return out, nil
	}
	name, typ := "defaultFaces", "empty"
	if d, ok := body.Find("defaultPatch").(*grammar.DictEntry); ok {
		if n := wordOf(d.Dict, "name"); n != "" {
			name = n
		}
		if t := wordOf(d.Dict, "type"); t != "" {
			typ = t
		}
	}
	for i, p := range out {
		if p.Name != name {
			continue
		}
		if i != len(out)-1 || len(p.topo) > 0 {
			return nil, meshError(path, nil, fmt.Sprintf("patch %q, blockMesh's default patch, is not the last patch or has faces of its own, and %d block faces are left for it", name, left),
				"list every block face in a patch, or give defaultPatch another name")
		}
		out[i].Faces, out[i].NoFaces = left, faces == 0
		return out, nil
	}
	return append(out, meshPatch{Name: name, Type: typ, Default: true, Faces: left, NoFaces: faces == 0}), nil
}

// faceLabels reads a patch face: its vertex labels, or (block face) as that block's face.
func faceLabels(it grammar.Item, g *blockGeom) ([]int, bool) {
	l, ok := it.(*grammar.List)
	if !ok {
		return nil, false
	}
	var ids []int
	for _, x := range l.Items {
		n, ok := x.(*grammar.Number)
		if !ok || n.Kind != grammar.LabelKind {
			return nil, false
		}
		ids = append(ids, int(n.Int))
	}
	if len(ids) == 2 {
		b, f := ids[0], ids[1]
		if b < 0 || b >= len(g.shapes) || f < 0 || f >= 6 {
			return nil, false
		}
		return g.shapes[b][f][:], true
	}
	return ids, len(ids) >= 3
}

// blockMeshAnswer is what blockMesh wrote for one blockMeshDict text.
type blockMeshAnswer struct {
	patches []foamcase.Patch
	// err is blockMesh's refusal (a located finding); why says why blockMesh was not asked
	// or gave no answer (foamc's reading is used then).
	err error
	why string
}

// blockMeshAnswers caches answers by the dictionary's path and text: a compilation that
// restarts (filled slots) or a matrix of specs over one mesh asks once.
var blockMeshAnswers sync.Map

// askBlockMesh makes the patch list blockMesh's own when blockMesh is installed: the
// blockMeshDict the compiled case will hold (expanded when it had #include) is meshed in a
// scratch directory with foamc's minimal controlDict, and constant/polyMesh/boundary read
// back. The dictionary has passed the security rules first: readBlockMesh refuses every
// directive foamc does not execute (#codeStream, #calc: FOAM-SEC-001's input), and the
// linter, when given, judges the scratch directory as the runner's gate judges a case
// before meshing. Without blockMesh (or when it cannot answer) foamc's reading stays.
func (m *meshInfo) askBlockMesh(ctx context.Context, lint Linter) error {
	m.PatchesFrom = fromReader
	bin, err := openfoam.LookPath("blockMesh")
	if err != nil {
		m.PatchesWhy = "blockMesh is not installed"
		return m.patchErr
	}
	dict, err := m.dictText()
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "foamc-blockmesh-")
	if err != nil {
		m.PatchesWhy = "no scratch directory: " + err.Error()
		return m.patchErr
	}
	defer os.RemoveAll(dir)
	for name, text := range map[string][]byte{"system/blockMeshDict": dict, "system/controlDict": []byte(scratchControlDict)} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, text, 0o644); err != nil {
			return err
		}
	}
	if lint != nil {
		// Judged on every compilation: the answer cache below is keyed by the text alone.
		fs, err := lint.LintDir(ctx, dir)
		if err != nil {
			m.PatchesWhy = "the security rules could not judge the blockMeshDict, so blockMesh was not run: " + err.Error()
			return m.patchErr
		}
		var sec finding.List
		for _, f := range fs {
			if f.Severity == finding.Deny && strings.Contains(f.ID, "SEC-") {
				f.Location.File = m.Source
				sec = append(sec, f)
			}
		}
		if len(sec) > 0 {
			return sec
		}
	}
	// A refusal is located in the source file: the key holds its path.
	sum := sha256.Sum256(dict)
	key := m.Source + "\x00" + string(sum[:])
	var a *blockMeshAnswer
	if v, ok := blockMeshAnswers.Load(key); ok {
		a = v.(*blockMeshAnswer)
	} else {
		a = runBlockMesh(ctx, bin, dir, m.Source, m.expanded)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		blockMeshAnswers.Store(key, a)
	}
	switch {
	case a.err != nil:
		return a.err
	case a.patches == nil:
		m.PatchesWhy = a.why
		return m.patchErr
	}
	m.PatchesFrom, m.PatchesWhy = fromBlockMesh, ""
	read := m.Patches
	declared := declaredPatches(m.file.Body)
	m.Patches = nil
	for _, p := range a.patches {
		// Names, types and face counts are blockMesh's; the groups those the blockMeshDict
		// declares (blockMesh adds the group wall to every wall patch, which is no spec
		// boundary's name: "wall" stays a misspelt "walls"). A patch the dictionary does not
		// declare is blockMesh's default patch (retyped through defaultPatch).
		mp := meshPatch{Name: p.Name, Type: p.Type, Default: !declared[p.Name]}
		if p.NFaces != nil {
			mp.NoFaces = *p.NFaces == 0
		}
		if i := slices.IndexFunc(read, func(q meshPatch) bool { return q.Name == p.Name }); i >= 0 {
			mp.Groups, mp.faceKeys, mp.Faces = read[i].Groups, read[i].faceKeys, read[i].Faces
		}
		m.Patches = append(m.Patches, mp)
	}
	return nil
}

// declaredPatches are the patch names the blockMeshDict's patches (else boundary) list gives.
func declaredPatches(body *grammar.Dict) map[string]bool {
	out := map[string]bool{}
	if body.Find("patches") != nil {
		items := firstListItems(body, "patches")
		for i := 1; i < len(items); i += 3 {
			if w, ok := items[i].(*grammar.Word); ok {
				out[w.Value] = true
			}
		}
		return out
	}
	for _, it := range firstListItems(body, "boundary") {
		if w, ok := it.(*grammar.Word); ok {
			out[w.Value] = true
		}
	}
	return out
}

// dictText is the blockMeshDict the compiled case will hold before any retyping (copyMesh).
func (m *meshInfo) dictText() ([]byte, error) {
	if m.expanded {
		return grammar.Format(m.file), nil
	}
	data, err := saferead.ReadFile(m.Source, 0)
	if err != nil {
		return nil, meshError(m.Source, nil, "cannot read the blockMeshDict: "+err.Error(), "check the path")
	}
	return data, nil
}

// scratchControlDict is all of the case blockMesh reads besides its dictionary: no
// function objects, no libraries.
const scratchControlDict = `FoamFile { version 2.0; format ascii; class dictionary; object controlDict; }
application blockMesh;
startFrom startTime;
startTime 0;
stopAt endTime;
endTime 1;
deltaT 1;
writeControl timeStep;
writeInterval 1;
`

var (
	fatalHead = regexp.MustCompile(`--> FOAM FATAL (?:IO )?ERROR:?\s*\n`)
	fatalLine = regexp.MustCompile(`at line (\d+)`)
)

// runBlockMesh runs blockMesh in the scratch case dir and reads the boundary it writes.
func runBlockMesh(ctx context.Context, bin, dir, source string, expanded bool) *blockMeshAnswer {
	rctx, cancel := context.WithTimeout(ctx, blockMeshTimeout)
	defer cancel()
	var log bytes.Buffer
	cmd := proc.Command(rctx, bin)
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = dir, openfoam.Env(), &log, &log
	// Contained like every program foamc starts: the blockMeshDict is the spec's.
	pol := contain.Policy{RW: []string{dir}, RO: contain.OpenFOAMDirs(cmd.Env), Require: contain.Required()}
	if _, err := contain.Wrap(cmd, pol); err != nil {
		return &blockMeshAnswer{why: "blockMesh cannot be contained: " + err.Error()}
	}
	runErr := proc.Run(cmd)
	if rctx.Err() != nil {
		return &blockMeshAnswer{why: fmt.Sprintf("blockMesh took longer than %s", blockMeshTimeout)}
	}
	if loc := fatalHead.FindIndex(log.Bytes()); loc != nil {
		msg := log.Bytes()[loc[1]:]
		if i := bytes.Index(msg, []byte("\n\n")); i >= 0 {
			msg = msg[:i]
		}
		f := meshError(source, nil, "blockMesh v1912 refuses the blockMeshDict: "+strings.Join(strings.Fields(string(msg)), " "),
			"correct the blockMeshDict where blockMesh says (run blockMesh on it to see the whole message)")
		if m := fatalLine.FindSubmatch(log.Bytes()[loc[1]:]); m != nil && !expanded {
			var fd finding.Finding
			if errors.As(f, &fd) {
				fd.Location.Line, _ = strconv.Atoi(string(m[1]))
				f = fd
			}
		}
		return &blockMeshAnswer{err: f}
	}
	if runErr != nil {
		return &blockMeshAnswer{why: "blockMesh failed without a FOAM FATAL message: " + runErr.Error()}
	}
	_, patches, err := foamcase.ReadBoundary(filepath.Join(dir, "constant", "polyMesh", "boundary"))
	if err != nil {
		return &blockMeshAnswer{why: "blockMesh wrote no readable boundary: " + err.Error()}
	}
	return &blockMeshAnswer{patches: patches}
}

// patchesNote is the info finding that says which way the mesh's patches were read.
func (m *meshInfo) patchesNote(s *Spec) finding.Finding {
	how := m.PatchesFrom
	if m.PatchesWhy != "" {
		how += " (" + m.PatchesWhy + ")"
	}
	fix := "nothing to do: these are the patches blockMesh writes"
	if m.PatchesFrom != fromBlockMesh {
		fix = "nothing to do; with OpenFOAM v1912 installed, blockMesh itself says which patches it makes"
	}
	return s.Doc.Finding(IDPatchesFrom, finding.Info, "/mesh/blockMeshDict",
		fmt.Sprintf("the mesh's patches (%s) come from %s", strings.Join(m.names(), ", "), how), fix)
}

// typePointer is the pointer (under the blockMeshDict) of the entry that gives patch name
// its type: defaultPatch's for the default patch, the type word of a `patches` entry, else
// the boundary entry's type.
func (m *meshInfo) typePointer(name string) string {
	if p := m.patch(name); p != nil && p.Default {
		return "/defaultPatch/type"
	}
	items := firstListItems(m.file.Body, "patches")
	for i := 0; i+2 < len(items); i += 3 {
		if w, ok := items[i+1].(*grammar.Word); ok && w.Value == name {
			return "/patches/" + strconv.Itoa(i)
		}
	}
	return "/boundary/" + escape(name) + "/type"
}

// firstListItems is the items of the first list of entry key: blockMesh reads `patches` (after
// an optional leading count) and `boundary` as one list from the entry's stream, so tokens
// after it (a missing `;` before mergePatchPairs, as in dsmcFoam/supersonicCorner) are not read.
func firstListItems(d *grammar.Dict, key string) []grammar.Item {
	e, ok := d.Find(key).(*grammar.PrimitiveEntry)
	if !ok {
		return nil
	}
	for i, v := range e.Value {
		switch l := v.(type) {
		case *grammar.List:
			return l.Items
		case *grammar.NumList:
			return l.Expand().Items
		case *grammar.Number:
			if i == 0 && l.Kind == grammar.LabelKind {
				continue
			}
		}
		return nil
	}
	return nil
}
