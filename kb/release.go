package kb

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"sort"
	"sync"
)

// A Profile is one OpenFOAM release foamc can judge: the rules document mined from its
// sources (kb/snapshot/<id>.rules.json.gz beside the snapshot <id>.json.gz, v1912's named
// v1912.*) and the layout and spellings its solvers read. Each release is one file
// (release_<id>.go) that embeds its rules document and registers the profile; the recipe is
// in docs/kb.md "Releases".
type Profile struct {
	ID      string // canonical release ID (openfoam.Release*), e.g. openfoam-12
	Family  string // esi | foundation
	Version string // the release's own spelling, the snapshot's `version`: v1912, v2506, 12
	Layout  Layout
	rules   []byte // gzip JSON, RulesData() of the release's snapshot
	json    func() ([]byte, error)
}

// Layout is where a release reads what, and the spellings it accepts; rules read it as
// data.kb.release.layout (docs/kb-data.md).
type Layout struct {
	// Transport is the dictionary of the viscosity model (v1912: transportProperties;
	// Foundation: physicalProperties) and TransportModelKey its selector
	// (transportModel | viscosityModel).
	Transport         string `json:"transport"`
	TransportModelKey string `json:"transportModelKey"`
	// Turbulence is the turbulence dictionary (turbulenceProperties | momentumTransport);
	// ModelKeys the keywords that name the RAS/LES model inside its coefficients
	// dictionary (v1912: RASModel, LESModel; v2506 also `model`; Foundation: model).
	Turbulence string   `json:"turbulence"`
	ModelKeys  []string `json:"modelKeys"`
	// Applications are the applications that take a solver module from `solver`
	// (Foundation: foamRun, foamMultiRun); empty where every application is a solver.
	Applications []string `json:"applications"`
	// RegionApplications run one solver module per region named by controlDict's
	// regionSolvers, each region reading its own system/<region>/fvSchemes and fvSolution
	// (Foundation: foamMultiRun, foamMultiRun.C), the regionSolvers file possibly made by
	// a set-up step (foamSetupCHT).
	RegionApplications []string `json:"regionApplications"`
	// Functions is the file function objects may also live in (system/functions).
	Functions string `json:"functions"`
	// FvModels and FvConstraints are the fvModels/fvConstraints dictionaries (Foundation);
	// FvOptions is ESI's (constant/fvOptions, system/fvOptions).
	FvModels      string `json:"fvModels"`
	FvConstraints string `json:"fvConstraints"`
	FvOptions     bool   `json:"fvOptions"`
	// FoamFileVersion is true when the header's `version` is required (v1912).
	FoamFileVersion bool `json:"foamFileVersion"`
	// PimpleResidualTolerance: PIMPLE residualControl entries are {tolerance; relTol;}
	// dictionaries (ESI); false where a field's entry is a plain tolerance (Foundation).
	PimpleResidualDicts bool `json:"pimpleResidualDicts"`
	// RelaxationFunction1: solution.C reads each relaxation factor as a Function1 of time
	// (constant, table, lookup ...: ESI v2506 solution.C:343-397), not a plain scalar.
	RelaxationFunction1 bool `json:"relaxationFunction1"`
	// SchemesOnDemand: fvMesh reads fvSchemes/fvSolution when a scheme is first asked for
	// (Foundation 12 fvMesh.C:1744), so utilities run without them.
	SchemesOnDemand bool `json:"schemesOnDemand"`
	// Solvers is true when the solver table (openfoam/solvers.json, from the
	// v1912 solver sources) describes this release's solvers; false leaves data.kb.solvers
	// empty, so rules that need a solver's traits do not judge.
	Solvers bool `json:"solvers"`
	// DensityVariable are the solvers that read `density variable` from the turbulence
	// dictionary and then build a phase-incompressible model on rhoPhi, so its transport
	// terms are div(rhoPhi,<field>) (v2506 interFoam, interIsoFoam:
	// incompressibleInterPhaseTransportModel.C:60-92); empty where no solver reads it.
	DensityVariable []string `json:"densityVariable"`
}

var (
	profileMu sync.Mutex
	profiles  = map[string]*Profile{}
)

// register adds a release's profile; each release_<id>.go calls it once.
func register(p Profile) bool {
	profileMu.Lock()
	defer profileMu.Unlock()
	if _, dup := profiles[p.ID]; dup {
		panic("kb: release " + p.ID + " registered twice")
	}
	rules := p.rules
	p.json = sync.OnceValues(func() ([]byte, error) { return gunzip(rules, p.ID) })
	profiles[p.ID] = &p
	return true
}

// Profiles lists the IDs of the releases foamc has a profile for, sorted.
func Profiles() []string {
	profileMu.Lock()
	defer profileMu.Unlock()
	out := make([]string, 0, len(profiles))
	for id := range profiles {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// ProfileOf returns the profile of a release ID.
func ProfileOf(id string) (*Profile, bool) {
	profileMu.Lock()
	defer profileMu.Unlock()
	p, ok := profiles[id]
	return p, ok
}

// profileByVersion finds the profile whose snapshot version is v (the miner's versionOf).
func profileByVersion(v string) (*Profile, bool) {
	profileMu.Lock()
	defer profileMu.Unlock()
	for _, p := range profiles {
		if p.Version == v {
			return p, true
		}
	}
	return nil, false
}

// RulesJSON is the profile's data.kb as JSON text, gunzipped once and shared: callers
// must not modify it.
func (p *Profile) RulesJSON() ([]byte, error) { return p.json() }

// releaseDoc is data.kb.release of a snapshot of version v.
func releaseDoc(v string) map[string]any {
	p, ok := profileByVersion(v)
	if !ok {
		return map[string]any{"id": "", "version": v}
	}
	l := p.Layout
	return map[string]any{
		"id": p.ID, "family": p.Family, "version": p.Version,
		"layout": map[string]any{
			"transport": l.Transport, "transportModelKey": l.TransportModelKey,
			"turbulence": l.Turbulence, "modelKeys": strs(l.ModelKeys),
			"applications": strs(l.Applications), "regionApplications": strs(l.RegionApplications), "functions": l.Functions,
			"fvModels": l.FvModels, "fvConstraints": l.FvConstraints, "fvOptions": l.FvOptions,
			"foamFileVersion": l.FoamFileVersion, "pimpleResidualDicts": l.PimpleResidualDicts,
			"schemesOnDemand": l.SchemesOnDemand, "solvers": l.Solvers, "relaxationFunction1": l.RelaxationFunction1,
			"densityVariable": strs(l.DensityVariable),
		},
	}
}

func gunzip(b []byte, name string) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("kb: rules data of %s: gzip: %w", name, err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("kb: rules data of %s: gzip: %w", name, err)
	}
	return out, nil
}

// ReleaseData is what the rules judge a case of release id (family esi | foundation) with:
// that release's profile (exact), else the newest profile of the family, else none (ok
// false; the caller keeps its default data). It is rules.Options.Releases.
func ReleaseData(id, family string) (profile string, load func() ([]byte, error), exact, ok bool) {
	if p, found := ProfileOf(id); found {
		return p.ID, p.RulesJSON, true, true
	}
	var best *Profile
	profileMu.Lock()
	for _, p := range profiles {
		if p.Family == family && (best == nil || newer(p.Version, best.Version)) {
			best = p
		}
	}
	profileMu.Unlock()
	if best == nil {
		return "", nil, false, false
	}
	return best.ID, best.RulesJSON, false, true
}

// newer compares two versions of one family (v2506 > v1912; 12 > 9).
func newer(a, b string) bool {
	if len(a) != len(b) {
		return len(a) > len(b)
	}
	return a > b
}
