package output

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar/dictedit"
)

// SARIF 2.1.0 (OASIS), the subset foamc emits.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID                   string         `json:"id"`
	Name                 string         `json:"name,omitempty"`
	ShortDescription     *sarifText     `json:"shortDescription,omitempty"`
	FullDescription      *sarifText     `json:"fullDescription,omitempty"`
	Help                 *sarifText     `json:"help,omitempty"`
	HelpURI              string         `json:"helpUri,omitempty"`
	DefaultConfiguration *sarifConfig   `json:"defaultConfiguration,omitempty"`
	Properties           map[string]any `json:"properties,omitempty"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	RuleIndex        int             `json:"ruleIndex"`
	Level            string          `json:"level"`
	Message          sarifText       `json:"message"`
	Locations        []sarifLocation `json:"locations"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
	Fixes            []sarifFix      `json:"fixes,omitempty"`
	Properties       map[string]any  `json:"properties,omitempty"`
}

// sarifFix is SARIF's fix: per file, the bytes replaced (§3.55-3.57).
type sarifFix struct {
	Description     sarifText             `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifByteRegion `json:"deletedRegion"`
	InsertedContent *sarifText      `json:"insertedContent,omitempty"`
}

type sarifByteRegion struct {
	ByteOffset int `json:"byteOffset"`
	ByteLength int `json:"byteLength"`
}

type sarifLocation struct {
	ID               *int                   `json:"id,omitempty"`
	Message          *sarifText             `json:"message,omitempty"`
	PhysicalLocation *sarifPhysical         `json:"physicalLocation,omitempty"`
	LogicalLocations []sarifLogicalLocation `json:"logicalLocations,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifLogicalLocation struct {
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind,omitempty"`
}

func level(s finding.Severity) string {
	switch s {
	case finding.Deny:
		return "error"
	case finding.Warn:
		return "warning"
	}
	return "note"
}

func sarifLoc(dir string, l finding.Location) sarifLocation {
	var out sarifLocation
	if l.File != "" || dir != "" {
		p := &sarifPhysical{ArtifactLocation: sarifArtifact{URI: path(dir, l.File)}}
		if l.Line > 0 {
			p.Region = &sarifRegion{StartLine: l.Line, StartColumn: l.Column, EndLine: l.EndLine, EndColumn: l.EndColumn}
		}
		out.PhysicalLocation = p
	}
	if l.Path != "" {
		out.LogicalLocations = []sarifLogicalLocation{{FullyQualifiedName: l.Path, Kind: "member"}}
	}
	return out
}

func writeSARIF(w io.Writer, r Report) error {
	rules, idx := ruleIndex(r)
	drv := sarifDriver{Name: r.Tool, Version: r.Version, InformationURI: "https://github.com/foamc/foamc", Rules: []sarifRule{}}
	if drv.Name == "" {
		drv.Name = "foamc"
	}
	for _, x := range rules {
		sr := sarifRule{ID: x.ID, DefaultConfiguration: &sarifConfig{Level: level(x.Severity)}, HelpURI: HelpURI(x.ID)}
		if x.Title != "" {
			sr.ShortDescription = &sarifText{Text: x.Title}
		}
		if x.Description != "" {
			sr.FullDescription = &sarifText{Text: x.Description}
		}
		if x.Fix != "" {
			sr.Help = &sarifText{Text: x.Fix}
		}
		if len(x.Provenance) > 0 {
			sr.Properties = map[string]any{"provenance": x.Provenance}
		}
		drv.Rules = append(drv.Rules, sr)
	}
	results := []sarifResult{}
	for _, c := range r.Cases {
		for _, f := range c.Findings {
			msg := f.Summary
			if f.Fix != "" {
				msg += "\nfix: " + f.Fix
			}
			res := sarifResult{
				RuleID: f.ID, RuleIndex: idx[f.ID], Level: level(f.Severity),
				Message:   sarifText{Text: strings.TrimSpace(msg)},
				Locations: []sarifLocation{sarifLoc(c.Dir, f.Location)},
			}
			for i, rl := range f.Related {
				l := sarifLoc(c.Dir, rl.Location)
				id := i + 1
				l.ID = &id
				if rl.Message != "" {
					l.Message = &sarifText{Text: rl.Message}
				}
				res.RelatedLocations = append(res.RelatedLocations, l)
			}
			if fx, ok := sarifFixOf(c.Dir, f); ok {
				res.Fixes = []sarifFix{fx}
			}
			props := map[string]any{"case": c.Dir}
			if len(f.Provenance) > 0 {
				props["provenance"] = f.Provenance
			}
			res.Properties = props
			results = append(results, res)
		}
	}
	log := sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{{Tool: sarifTool{Driver: drv}, Results: results}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

// HelpURI is the catalogue entry that explains a finding ID.
func HelpURI(id string) string {
	return "https://github.com/foamc/foamc/blob/main/rules/CATALOGUE.md#" + strings.ToLower(id)
}

// sarifFixOf renders a finding's edits as SARIF replacements: each file the
// edits touch is read from the case, edited with dictedit, and the changed span
// (common prefix and suffix kept) becomes one replacement. A file that cannot be
// read or edited leaves the finding without a fix.
func sarifFixOf(dir string, f finding.Finding) (sarifFix, bool) {
	if f.Repair == nil || len(f.Repair.Edits) == 0 {
		return sarifFix{}, false
	}
	var order []string
	byFile := map[string][]finding.Edit{}
	for _, e := range f.Repair.Edits {
		if _, ok := byFile[e.File]; !ok {
			order = append(order, e.File)
		}
		byFile[e.File] = append(byFile[e.File], e)
	}
	fx := sarifFix{Description: sarifText{Text: f.Fix}}
	if fx.Description.Text == "" {
		fx.Description.Text = "apply the edits of " + f.ID
	}
	for _, name := range order {
		old, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil && !os.IsNotExist(err) {
			return sarifFix{}, false
		}
		if os.IsNotExist(err) {
			old = nil
		}
		edited, err := dictedit.Apply(old, byFile[name])
		if err != nil {
			return sarifFix{}, false
		}
		p := 0
		for p < len(old) && p < len(edited) && old[p] == edited[p] {
			p++
		}
		s := 0
		for s < len(old)-p && s < len(edited)-p && old[len(old)-1-s] == edited[len(edited)-1-s] {
			s++
		}
		rep := sarifReplacement{DeletedRegion: sarifByteRegion{ByteOffset: p, ByteLength: len(old) - p - s}}
		if ins := string(edited[p : len(edited)-s]); ins != "" {
			rep.InsertedContent = &sarifText{Text: ins}
		}
		fx.ArtifactChanges = append(fx.ArtifactChanges, sarifArtifactChange{
			ArtifactLocation: sarifArtifact{URI: path(dir, name)}, Replacements: []sarifReplacement{rep}})
	}
	return fx, true
}
