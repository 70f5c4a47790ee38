// Package kb is foamc's knowledge base: tutorial case records keyed by physics
// (solver, turbulence model, compressibility), boundary-condition contracts mined
// from the OpenFOAM C++ headers and sources, vocabularies of valid names, and the
// five deterministic retrievers of the PhyNiKCE method. Every retrieval carries an
// Audit naming the query level that matched, the tutorial files and header lines.
//
// A snapshot built from OpenFOAM v1912 is embedded (Default), so lint and compile
// work without an OpenFOAM installation; `foamc kb build` / `make kb` regenerate it.
package kb

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"

	"github.com/foamc/foamc/suggest"
)

// FormatVersion changes whenever the snapshot layout changes incompatibly.
const FormatVersion = 1

// KB is a loaded knowledge base. It is read-only after Load; methods are safe
// for concurrent use.
type KB struct {
	Version   string               `json:"version"` // OpenFOAM version, e.g. "v1912"
	Format    int                  `json:"format"`
	Source    SourceInfo           `json:"source"`
	Cases     []*CaseRecord        `json:"cases"`
	Contracts map[string]*Contract `json:"contracts"`
	Vocab     Vocab                `json:"vocab"`

	modelClass map[string]string // model name -> RAS | LES (from Vocab)
	rulesOnce  sync.Once
	rulesData  map[string]any
	rulesErr   error
}

// SourceInfo says what a snapshot was built from, without machine-specific paths.
type SourceInfo struct {
	Tutorials string `json:"tutorials"` // layout: "source" (unpacked) | "examples" (Debian gzipped) | "installation" | ""
	Src       string `json:"src"`       // "source" | "installation" | ""
	Files     int    `json:"files"`     // tutorial dictionary files read
	Headers   int    `json:"headers"`   // C++ files scanned
}

// CaseRecord is one tutorial case (or one region of a multi-region case is
// folded into its case: files keep their region directory).
type CaseRecord struct {
	Path            string `json:"path"` // tutorial-relative, e.g. "incompressible/simpleFoam/pitzDaily"
	Solver          string `json:"solver"`
	SimulationType  string `json:"simulationType"`  // laminar | RAS | LES
	TurbulenceModel string `json:"turbulenceModel"` // model name, "laminar" for laminar
	Compressible    bool   `json:"compressible"`
	// CompressibleFrom names the evidence: "solver", "thermophysicalProperties" or
	// "solver+thermophysicalProperties" when both agree; a disagreement is in Notes.
	CompressibleFrom string   `json:"compressibleFrom"`
	Steady           bool     `json:"steady"`
	Algorithm        string   `json:"algorithm,omitempty"`
	Energy           string   `json:"energy,omitempty"`     // h | e
	ThermoType       string   `json:"thermoType,omitempty"` // thermoType.type, e.g. hePsiThermo
	Multiphase       bool     `json:"multiphase,omitempty"`
	Reacting         bool     `json:"reacting,omitempty"`
	Particles        bool     `json:"particles,omitempty"`
	Regions          []string `json:"regions,omitempty"`
	// BCs maps field -> patch -> BC type (regions prefix the field: "fluid/U").
	BCs map[string]map[string]string `json:"bcs"`
	// Files maps a case-relative path (field files under "0/") to its expanded
	// dictionary without bulk data, mesh dictionaries or FoamFile headers. On a
	// record read from a snapshot it is filled on first use: read it through CaseFiles.
	Files map[string]any `json:"files"`
	// Classes maps field files to their FoamFile class (volScalarField, pointVectorField...).
	Classes map[string]string `json:"classes,omitempty"`
	Notes   []string          `json:"notes,omitempty"`

	// lazy holds Files as read from a snapshot until a retriever needs them: the
	// files are most of the snapshot, and a query reads those of a few cases only.
	lazy *lazyFiles
}

type lazyFiles struct {
	once sync.Once
	raw  json.RawMessage
}

// UnmarshalJSON keeps the record's files undecoded (see CaseFiles).
func (r *CaseRecord) UnmarshalJSON(data []byte) error {
	type plain CaseRecord
	aux := struct {
		*plain
		Files json.RawMessage `json:"files"`
	}{plain: (*plain)(r)}
	if err := decodeNumbers(data, &aux); err != nil {
		return err
	}
	r.Files, r.lazy = nil, &lazyFiles{raw: aux.Files}
	return nil
}

// CaseFiles returns the record's expanded dictionaries, decoding them on first use;
// safe for concurrent readers of a loaded KB. The snapshot was written from valid
// JSON, so a decode error can only mean a corrupt embed and leaves Files empty.
func (r *CaseRecord) CaseFiles() map[string]any {
	if r.lazy != nil {
		r.lazy.once.Do(func() {
			if len(r.lazy.raw) > 0 {
				_ = decodeNumbers(r.lazy.raw, &r.Files)
			}
			r.lazy.raw = nil
		})
	}
	return r.Files
}

// decodeNumbers decodes JSON keeping numbers as json.Number (labels stay labels).
func decodeNumbers(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec.Decode(v)
}

// Key is the physics key records are indexed by.
type Key struct {
	Solver       string `json:"solver"`
	Model        string `json:"model"` // turbulence model, "laminar" for laminar
	Compressible bool   `json:"compressible"`
}

// Key returns the record's physics key.
func (r *CaseRecord) Key() Key {
	return Key{Solver: r.Solver, Model: r.TurbulenceModel, Compressible: r.Compressible}
}

// Contract is what a runtime-selectable fvPatchField accepts, merged from the
// header Usage table and the dictionary constructor in the .C file.
type Contract struct {
	Type          string            `json:"type"`  // TypeName as written in a field file
	Class         string            `json:"class"` // C++ class
	Ranks         []string          `json:"ranks"`
	Groups        []string          `json:"groups"`
	Required      []string          `json:"required"`
	Optional      map[string]string `json:"optional"`
	Conditional   []Conditional     `json:"conditional"`
	OneOf         []OneOf           `json:"oneOf"`
	ValueRequired bool              `json:"valueRequired"`
	Constraint    string            `json:"constraint"`
	WallFunction  bool              `json:"wallFunction"`
	RequiresWall  bool              `json:"requiresWall"`
	Abstract      bool              `json:"abstract,omitempty"`
	// Bases are the TypeNames of the fvPatchField base classes, nearest first
	// (nutkWallFunction: nutWallFunction, fixedValue).
	Bases []string `json:"bases"`
	// NutWallFunction is the file:line where the BC takes the nut boundary
	// condition of its patch as a nut wall function (epsilon/omega/v2/f/kLowRe
	// wall functions): nut on that patch must derive from nutWallFunction. "" if not.
	NutWallFunction string `json:"nutWallFunction,omitempty"`
	// Solvers lists the only solvers that have the BC when it is compiled in
	// applications/solvers (maxwellSlipU: rhoCentralFoam, rhoCentralDyMFoam);
	// empty for the shared libraries in src/.
	Solvers    []string `json:"solvers,omitempty"`
	Source     string   `json:"source"` // table | code | both | curated
	Provenance []string `json:"provenance"`
	// Keys is the per-key evidence behind Required/Optional.
	Keys []KeyEvidence `json:"keys,omitempty"`
	// DocType is the `type` in the header's \verbatim example when it differs from Type.
	DocType string `json:"docType,omitempty"`
}

// KeyEvidence records where a key's status comes from.
type KeyEvidence struct {
	Key         string `json:"key"`
	Status      string `json:"status"` // required | optional | conditional | oneOf
	Default     string `json:"default,omitempty"`
	Table       string `json:"table,omitempty"` // Required cell as written ("yes", "no", "for mode 'power'")
	Code        string `json:"code,omitempty"`  // how the constructor reads it: get | lookup | getOrDefault | found | readIfPresent | New
	Description string `json:"description,omitempty"`
	Provenance  string `json:"provenance,omitempty"`
	// Note explains a status that differs from what the table or a plain read says.
	Note string `json:"note,omitempty"`
}

// Conditional: Key is required when When is present with a value not in Unless.
type Conditional struct {
	Key        string   `json:"key"`
	When       string   `json:"when"`
	Unless     []string `json:"unless"`
	Provenance string   `json:"provenance"`
}

// OneOf: at least one of Keys must be present.
type OneOf struct {
	Keys       []string `json:"keys"`
	Provenance string   `json:"provenance"`
}

// Vocab holds the valid names registered in the source.
type Vocab struct {
	BCTypes              map[string][]string `json:"bcTypes"` // field rank -> types
	DdtSchemes           []string            `json:"ddtSchemes"`
	GradSchemes          []string            `json:"gradSchemes"`
	DivSchemes           []string            `json:"divSchemes"`
	InterpolationSchemes []string            `json:"interpolationSchemes"`
	LaplacianSchemes     []string            `json:"laplacianSchemes"`
	SnGradSchemes        []string            `json:"snGradSchemes"`
	LinearSolvers        []string            `json:"linearSolvers"`
	Preconditioners      []string            `json:"preconditioners"`
	Smoothers            []string            `json:"smoothers"`
	RASModels            map[string][]string `json:"rasModels"` // incompressible | compressible
	LESModels            map[string][]string `json:"lesModels"`
	LESDeltas            []string            `json:"lesDeltas"`
	ThermoTypes          []string            `json:"thermoTypes"`
	FunctionObjects      []string            `json:"functionObjects"`
	// Classes are the other run-time selectable classes a case selects code by
	// (FOAM-SEC-009), per vocabulary: fvOptions (ESI), fvModels and fvConstraints
	// (Foundation), dynamicFvMeshes, motionSolvers, solidBodyMotionFunctions, and the
	// Foundation's fvMeshMovers, fvMeshTopoChangers, fvMeshDistributors; each the names its
	// table registers in the files the release compiles.
	Classes map[string][]string `json:"classes,omitempty"`
	// Libs are the shared libraries the release builds into $FOAM_LIBBIN (libX.so, from
	// its Make/files): what `libs (...)` may load by bare name (FOAM-SEC-004).
	Libs []string `json:"libs,omitempty"`
	// ThermoCombinations maps a thermo selection table (psiThermo, rhoThermo,
	// psiReactionThermo, rhoReactionThermo, fluidThermo, basicThermo, solidThermo...)
	// to the names it accepts, as basicThermo::lookupThermo builds them from
	// thermoType: type<mixture<transport<thermo<equationOfState<specie>>,energy>>>.
	ThermoCombinations map[string][]string `json:"thermoCombinations"`
	// Provenance maps a vocabulary name ("divSchemes") to the registration macros it came from.
	Provenance map[string][]string `json:"provenance,omitempty"`
	// Docs maps "vocabulary/name" ("linearSolvers/PCG", "rasModels/kEpsilon") to the
	// Description of the class's header: what the selected name does.
	Docs map[string]Doc `json:"docs,omitempty"`
}

// Doc is a header's Description paragraph and where it is (file:line).
type Doc struct {
	Text string `json:"text"`
	At   string `json:"at"`
}

//go:embed snapshot/v1912.json.gz
var embedded []byte

var (
	defaultOnce sync.Once
	defaultKB   *KB
	defaultErr  error
)

// Default returns the embedded v1912 snapshot. It is decoded once and shared:
// callers must not modify it.
func Default() (*KB, error) {
	defaultOnce.Do(func() {
		defaultKB, defaultErr = Decode(bytes.NewReader(embedded))
		if defaultErr != nil {
			defaultErr = fmt.Errorf("kb: embedded snapshot: %w", defaultErr)
		}
	})
	return defaultKB, defaultErr
}

// Load reads a snapshot file (gzip JSON, or plain JSON).
func Load(path string) (*KB, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("kb: %w", err)
	}
	defer f.Close()
	k, err := Decode(f)
	if err != nil {
		return nil, fmt.Errorf("kb: %s: %w", path, err)
	}
	return k, nil
}

// Decode reads a snapshot from r; gzip is detected by its magic bytes.
func Decode(r io.Reader) (*KB, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("gzip: %w", err)
		}
		if data, err = io.ReadAll(zr); err != nil {
			return nil, fmt.Errorf("gzip: %w", err)
		}
	}
	var k KB
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&k); err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	if k.Format != FormatVersion {
		return nil, fmt.Errorf("snapshot format %d, this foamc reads %d: run `foamc kb build`", k.Format, FormatVersion)
	}
	k.index()
	return &k, nil
}

// Encode writes the snapshot as gzip JSON. The bytes depend only on the content
// (sorted keys, no gzip timestamp), so rebuilding from the same sources is byte-identical.
func (k *KB) Encode(w io.Writer) error {
	k.normalise()
	return writeGzipJSON(w, k)
}

// Save writes the snapshot to path.
func (k *KB) Save(path string) error {
	return saveWith(path, k.Encode)
}

// writeGzipJSON writes v as JSON (map keys sorted by encoding/json), gzip-compressed
// without a timestamp.
func writeGzipJSON(w io.Writer, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("kb: encode: %w", err)
	}
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(data); err != nil {
		return fmt.Errorf("kb: encode: %w", err)
	}
	return zw.Close()
}

// saveWith writes what encode produces to path (nothing when encoding fails).
func saveWith(path string, encode func(io.Writer) error) error {
	var buf bytes.Buffer
	if err := encode(&buf); err != nil {
		return err
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("kb: %w", err)
	}
	return nil
}

// normalise sorts everything whose order is free so output is deterministic.
func (k *KB) normalise() {
	k.Format = FormatVersion
	sort.Slice(k.Cases, func(i, j int) bool { return k.Cases[i].Path < k.Cases[j].Path })
	for _, r := range k.Cases {
		r.CaseFiles() // a loaded record is written back whole
	}
	for _, c := range k.Contracts {
		c.Normalise()
	}
	v := &k.Vocab
	for _, l := range []*[]string{&v.DdtSchemes, &v.GradSchemes, &v.DivSchemes, &v.InterpolationSchemes,
		&v.LaplacianSchemes, &v.SnGradSchemes, &v.LinearSolvers, &v.Preconditioners, &v.Smoothers,
		&v.LESDeltas, &v.ThermoTypes, &v.FunctionObjects, &v.Libs} {
		*l = SortedUnique(*l)
	}
	for _, m := range []map[string][]string{v.BCTypes, v.RASModels, v.LESModels, v.Classes, v.ThermoCombinations, v.Provenance} {
		for key, l := range m {
			m[key] = SortedUnique(l)
		}
	}
	k.index()
}

// Normalise sorts a contract's sets and fills its empty collections, so its JSON is deterministic.
func (c *Contract) Normalise() {
	if c.Bases == nil {
		c.Bases = []string{}
	}
	c.Ranks = SortedUnique(c.Ranks)
	c.Groups = SortedUnique(c.Groups)
	c.Required = SortedUnique(c.Required)
	c.Provenance = SortedUnique(c.Provenance)
	if c.Optional == nil {
		c.Optional = map[string]string{}
	}
	if c.Conditional == nil {
		c.Conditional = []Conditional{}
	}
	sort.Slice(c.Conditional, func(i, j int) bool { return c.Conditional[i].Key < c.Conditional[j].Key })
	if c.OneOf == nil {
		c.OneOf = []OneOf{}
	}
	for i := range c.OneOf {
		c.OneOf[i].Keys = SortedUnique(c.OneOf[i].Keys)
	}
	sort.Slice(c.OneOf, func(i, j int) bool {
		return strings.Join(c.OneOf[i].Keys, ",") < strings.Join(c.OneOf[j].Keys, ",")
	})
	sort.SliceStable(c.Keys, func(i, j int) bool { return c.Keys[i].Key < c.Keys[j].Key })
}

func (k *KB) index() {
	k.modelClass = map[string]string{}
	for _, l := range k.Vocab.RASModels {
		for _, m := range l {
			k.modelClass[m] = "RAS"
		}
	}
	for _, l := range k.Vocab.LESModels {
		for _, m := range l {
			k.modelClass[m] = "LES"
		}
	}
	// Records know the class their models were used with; that covers models
	// the vocabulary scan may have missed.
	for _, r := range k.Cases {
		if r.TurbulenceModel != "" && r.TurbulenceModel != "laminar" && k.modelClass[r.TurbulenceModel] == "" {
			k.modelClass[r.TurbulenceModel] = r.SimulationType
		}
	}
}

// Contract returns the contract of a BC type as written in a field file
// (namespaced types keep their prefix: "compressible::alphatWallFunction").
func (k *KB) Contract(typeName string) (*Contract, bool) {
	c, ok := k.Contracts[typeName]
	return c, ok
}

// SimilarContracts names the contract types closest to a misspelt one (suggest.DidYouMean).
func (k *KB) SimilarContracts(name string) []string {
	names := make([]string, 0, len(k.Contracts))
	for t := range k.Contracts {
		names = append(names, t)
	}
	return suggest.DidYouMean(name, names)
}

// ModelClass returns RAS, LES or laminar for a turbulence model name, "" if unknown.
func (k *KB) ModelClass(model string) string {
	if model == "" || model == "laminar" || model == "Stokes" {
		return "laminar"
	}
	return k.modelClass[model]
}

// Stats summarises a KB for `foamc kb stats`.
type Stats struct {
	Version           string         `json:"version"`
	Cases             int            `json:"cases"`
	Solvers           int            `json:"solvers"`
	Keys              int            `json:"keys"` // distinct (solver, model, compressibility)
	Contracts         int            `json:"contracts"`
	ContractsBySource map[string]int `json:"contractsBySource"` // table | code | both | curated
	WithProvenance    int            `json:"withProvenance"`
	Vocab             map[string]int `json:"vocab"`
}

// Stats counts cases, keys, contracts and vocabulary sizes.
func (k *KB) Stats() Stats {
	s := Stats{Version: k.Version, Cases: len(k.Cases), ContractsBySource: map[string]int{}, Vocab: map[string]int{}}
	keys, solvers := map[Key]bool{}, map[string]bool{}
	for _, r := range k.Cases {
		keys[r.Key()] = true
		solvers[r.Solver] = true
	}
	s.Keys, s.Solvers = len(keys), len(solvers)
	for _, c := range k.Contracts {
		if c.Abstract {
			continue
		}
		s.Contracts++
		s.ContractsBySource[c.Source]++
		if len(c.Provenance) > 0 {
			s.WithProvenance++
		}
	}
	v := k.Vocab
	count := func(m map[string][]string) int {
		n := 0
		for _, l := range m {
			n += len(l)
		}
		return n
	}
	s.Vocab["bcTypes"] = count(v.BCTypes)
	s.Vocab["ddtSchemes"] = len(v.DdtSchemes)
	s.Vocab["gradSchemes"] = len(v.GradSchemes)
	s.Vocab["divSchemes"] = len(v.DivSchemes)
	s.Vocab["interpolationSchemes"] = len(v.InterpolationSchemes)
	s.Vocab["laplacianSchemes"] = len(v.LaplacianSchemes)
	s.Vocab["snGradSchemes"] = len(v.SnGradSchemes)
	s.Vocab["linearSolvers"] = len(v.LinearSolvers)
	s.Vocab["preconditioners"] = len(v.Preconditioners)
	s.Vocab["smoothers"] = len(v.Smoothers)
	s.Vocab["rasModels"] = count(v.RASModels)
	s.Vocab["lesModels"] = count(v.LESModels)
	s.Vocab["lesDeltas"] = len(v.LESDeltas)
	s.Vocab["thermoTypes"] = len(v.ThermoTypes)
	s.Vocab["functionObjects"] = len(v.FunctionObjects)
	s.Vocab["classes"] = count(v.Classes)
	s.Vocab["thermoCombinations"] = count(v.ThermoCombinations)
	return s
}

// SortedUnique sorts l in place and drops repeats; never nil (the snapshot keeps JSON arrays).
func SortedUnique(l []string) []string {
	if l == nil {
		return []string{}
	}
	sort.Strings(l)
	out := l[:0]
	for i, s := range l {
		if i == 0 || s != l[i-1] {
			out = append(out, s)
		}
	}
	return out
}

// New assembles a KB from its parts (the builder and tests use it).
func New(version string, cases []*CaseRecord, contracts map[string]*Contract, vocab Vocab) *KB {
	if contracts == nil {
		contracts = map[string]*Contract{}
	}
	k := &KB{Version: version, Cases: cases, Contracts: contracts, Vocab: vocab}
	k.normalise()
	return k
}
