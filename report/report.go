// Package report builds one case report from a finished run: verify's verdict and
// findings, the spec and the provenance of every compiled value, the residual history,
// the expect: items against their references and field pictures (package fieldplot).
// It writes it as one self-contained HTML file (no network, no script, images as data
// URIs; readable on a phone and printable) or as Markdown beside its PNG files
// (docs/report.md). It reads the case only: verify's pictures go to a scratch directory.
package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/foamc/foamc/fieldplot"
	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/saferead"
	"github.com/foamc/foamc/verify"
)

// Options selects what a report shows.
type Options struct {
	// Time is the time directory judged and drawn ("" or "latest": the latest).
	Time string
	// Spec is the spec to judge against ("": the one the case records).
	Spec string
	// Plane slices the field pictures (nil: the plane of a 2-D case, else z mid-plane).
	Plane *fieldplot.Plane
	// Fields are the fields drawn; nil picks them (phase fractions, U, p or p_rgh, T).
	Fields []string
	// Marks are reference points drawn on every field picture (e.g. a vortex centre
	// from the literature).
	Marks []fieldplot.Mark
}

// Image is one picture of the report.
type Image struct {
	// Name is the PNG file name in a Markdown report (e.g. field-U.png).
	Name    string `json:"name"`
	Caption string `json:"caption"`
	Source  string `json:"source"`
	PNG     []byte `json:"-"`
}

// Expectation is one expect: item of the spec and the findings that judged it.
type Expectation struct {
	Name     string            `json:"name"`
	Status   string            `json:"status"` // met, missed, not judged
	Findings []finding.Finding `json:"findings"`
	Images   []Image           `json:"images"`
}

// Provenance is one compiled value and where it came from.
type Provenance struct {
	Slot   string `json:"slot"`
	Value  string `json:"value"`
	Kind   string `json:"kind"` // spec, kb, curated, rule, derived, llm, ...
	Source string `json:"source"`
}

// Report is everything a report shows.
type Report struct {
	Case        string            `json:"case"`
	Name        string            `json:"name"`
	Description string            `json:"description,omitempty"`
	Solver      string            `json:"solver"`
	Verdict     verify.Verdict    `json:"verdict"`
	Times       []string          `json:"times"`
	Findings    []finding.Finding `json:"findings"`
	Expect      []Expectation     `json:"expect,omitempty"`
	// Spec is the recorded spec as indented JSON ("" when the case records none).
	Spec       string       `json:"spec,omitempty"`
	Provenance []Provenance `json:"provenance,omitempty"`
	Residuals  *Image       `json:"residuals,omitempty"`
	Evidence   []Image      `json:"evidence,omitempty"` // verify's monitor pictures
	Fields     []Image      `json:"fields"`
	// FieldErrors say why a field picture could not be drawn.
	FieldErrors []string `json:"fieldErrors,omitempty"`
}

// Build judges the case in dir with verify and draws its pictures.
func Build(dir string, opt Options) (*Report, error) {
	plots, err := os.MkdirTemp("", "foamc-report-")
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	defer os.RemoveAll(plots)
	// The field pictures are drawn while verify judges: they share nothing.
	var fields []Image
	var fieldErrs []string
	drawn := make(chan struct{})
	go func() {
		defer close(drawn)
		fields, fieldErrs = drawFields(dir, opt)
	}()
	res, err := verify.Case(dir, verify.Options{Time: opt.Time, Spec: opt.Spec, Plots: plots})
	<-drawn
	if err != nil {
		return nil, err
	}
	abs, _ := filepath.Abs(dir)
	r := &Report{Case: filepath.Base(abs), Name: filepath.Base(abs), Solver: res.Solver, Verdict: res.Verdict, Times: res.Times}
	// verify names each picture in a finding; the report shows the picture instead.
	pics := map[string]Image{}
	for _, f := range res.Findings {
		if f.ID != verify.IDPicture {
			r.Findings = append(r.Findings, f)
			continue
		}
		for _, p := range res.Pictures {
			if strings.HasSuffix(f.Summary, ": "+p) {
				b, err := os.ReadFile(p)
				if err != nil {
					return nil, fmt.Errorf("report: %w", err)
				}
				name := filepath.Base(p)
				pics[name] = Image{Name: name, Caption: strings.TrimSuffix(strings.TrimPrefix(f.Summary, "picture of the "), ": "+p), Source: f.Location.File, PNG: b}
			}
		}
	}
	if im, ok := pics["residuals.png"]; ok {
		r.Residuals = &im
		delete(pics, "residuals.png")
	}
	if err := r.readSpec(dir, opt.Spec, pics); err != nil {
		return nil, err
	}
	r.readProvenance(dir)
	for _, name := range sortedKeys(pics) {
		r.Evidence = append(r.Evidence, pics[name])
	}
	r.Fields, r.FieldErrors = fields, fieldErrs
	return r, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// readSpec reads the spec the case records (or opt.Spec's JSON form when it is JSON):
// its name, description and expect: items, each with the findings and profile
// pictures verify gave it (taken out of pics).
func (r *Report) readSpec(dir, specFile string, pics map[string]Image) error {
	path := filepath.Join(dir, "foamc.spec.json")
	if specFile != "" {
		path = specFile
	}
	b, err := saferead.ReadFile(path, saferead.MaxSize)
	if err != nil {
		return nil // no recorded spec (or no regular file): verify said so (FOAM-VERIFY-056)
	}
	var spec struct {
		Name        string `json:"name"`
		Description string `json:"description"`
		Expect      []struct {
			Name string `json:"name"`
		} `json:"expect"`
	}
	if json.Unmarshal(b, &spec) != nil {
		return nil // a YAML --spec: verify read it; the report shows no spec text
	}
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, b, "", "  "); err == nil {
		r.Spec = pretty.String()
	}
	if spec.Name != "" {
		r.Name = spec.Name
	}
	r.Description = strings.TrimSpace(spec.Description)
	for _, e := range spec.Expect {
		x := Expectation{Name: e.Name, Status: "not judged"}
		tag := "expect " + e.Name + " "
		for _, f := range r.Findings {
			if strings.Contains(f.Summary, tag) || strings.Contains(f.Location.File, "expect_"+e.Name+"/") {
				x.Findings = append(x.Findings, f)
			}
		}
		switch finding.Max(x.Findings) {
		case finding.Deny:
			x.Status = "missed"
		case finding.Warn:
			x.Status = "not judged"
		default:
			if len(x.Findings) > 0 {
				x.Status = "met"
			}
		}
		for _, pre := range []string{"profile-", "monitor-"} {
			if im, ok := pics[pre+e.Name+".png"]; ok {
				x.Images = append(x.Images, im)
				delete(pics, pre+e.Name+".png")
			}
		}
		r.Expect = append(r.Expect, x)
	}
	return nil
}

// readProvenance reads provenance.json's slot table, in its order.
func (r *Report) readProvenance(dir string) {
	b, err := saferead.ReadFile(filepath.Join(dir, "provenance.json"), saferead.MaxSize)
	if err != nil {
		return
	}
	var doc struct {
		Slots []struct {
			ID     string          `json:"id"`
			Value  json.RawMessage `json:"value"`
			Source map[string]any  `json:"source"`
		} `json:"slots"`
	}
	if json.Unmarshal(b, &doc) != nil {
		return
	}
	for _, s := range doc.Slots {
		v := string(s.Value)
		var str string
		if json.Unmarshal(s.Value, &str) == nil {
			v = str
		}
		kind, _ := s.Source["kind"].(string)
		var from []string
		for _, k := range sortedKeys(s.Source) {
			if k != "kind" {
				from = append(from, fmt.Sprintf("%s: %v", k, s.Source[k]))
			}
		}
		r.Provenance = append(r.Provenance, Provenance{Slot: s.ID, Value: v, Kind: kind, Source: strings.Join(from, "; ")})
	}
}

// pickFields chooses the fields a report draws: each phase fraction, U, p (p_rgh when
// there is no p), T.
func pickFields(have []string) []string {
	var out []string
	for _, f := range have {
		if strings.HasPrefix(f, "alpha.") {
			out = append(out, f)
		}
	}
	for _, f := range []string{"U", "p", "T"} {
		if slices.Contains(have, f) {
			out = append(out, f)
		} else if f == "p" && slices.Contains(have, "p_rgh") {
			out = append(out, "p_rgh")
		}
	}
	return out
}

// drawFields draws the field pictures, each in its own goroutine on the one cut of the
// mesh, kept in field order; a field that cannot be drawn is named in errs (the rest of
// the report stands).
func drawFields(dir string, opt Options) (out []Image, errs []string) {
	have, _, err := fieldplot.Fields(dir, opt.Time)
	if err != nil {
		return nil, []string{err.Error()}
	}
	fields := opt.Fields
	if fields == nil {
		fields = pickFields(have)
	}
	var iface string
	for _, f := range have {
		if strings.HasPrefix(f, "alpha.") {
			iface = f
			break
		}
	}
	if len(fields) == 0 {
		return nil, nil
	}
	sl, err := fieldplot.Cut(dir, opt.Plane)
	if err != nil {
		return nil, []string{err.Error()}
	}
	pics := make([]*fieldplot.Picture, len(fields))
	perr := make([]error, len(fields))
	var wg sync.WaitGroup
	for i, f := range fields {
		wg.Go(func() {
			pics[i], perr[i] = sl.Draw(f, fieldplot.Options{Time: opt.Time, Vectors: f == "U", Interface: iface, Marks: opt.Marks})
		})
	}
	wg.Wait()
	for i, f := range fields {
		pic := pics[i]
		if perr[i] != nil {
			errs = append(errs, fmt.Sprintf("%s: %v", f, perr[i]))
			continue
		}
		cap := fmt.Sprintf("%s [%s] at t = %s on plane %s: min %.4g, max %.4g over %d cut cells", pic.Quantity, pic.Units, pic.Time, pic.Plane, pic.Min, pic.Max, pic.Cells)
		if pic.Pieces > 1 {
			cap += fmt.Sprintf(" (%d processor pieces)", pic.Pieces)
		}
		cap += "; " + strings.Join(pic.Overlays, ", ")
		out = append(out, Image{Name: "field-" + f + ".png", Caption: cap, Source: strings.Join(pic.Sources, ", "), PNG: pic.PNG})
	}
	return out, errs
}

// Images are every picture of the report, in the order it shows them.
func (r *Report) Images() []Image {
	var out []Image
	if r.Residuals != nil {
		out = append(out, *r.Residuals)
	}
	for _, e := range r.Expect {
		out = append(out, e.Images...)
	}
	out = append(out, r.Evidence...)
	return append(out, r.Fields...)
}
