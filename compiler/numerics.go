package compiler

import (
	"strconv"
	"strings"
)

// The numerics profile (issue 25, docs/compiler.md "Numerics profiles"): which convection,
// time and step-size choices a case gets. `accurate` (the default) chooses for the answer:
// second-order bounded convection, second-order time stepping, a step bounded by the flow's
// own time scale. `robust` keeps the v1912 tutorials' choices (the kb's most frequent
// scheme first), which start on almost any mesh. A spec pins either with numerics.profile;
// `foamc run --repair` falls back from accurate to robust on a diverging run, reading the
// robust value each accurate entry records in provenance.json (Source.Robust).
//
// The hook for a family: divSchemes receives conv, the profile's convection scheme of a
// field, and writes it with c.scheme; emitSchemes writes ddt; a family that writes a
// convection scheme or ddt of its own asks c.numerics() the same way.

const (
	profileAccurate = "accurate"
	profileRobust   = "robust"
)

// References of the accurate choices (cited in provenance.json and docs/compiler.md).
const (
	refConvection      = "accurate profile: second-order bounded convection (Jasak 1996, PhD thesis, Imperial College, ch. 3: NVD/TVD limiters; Warming & Beam 1976 for linearUpwind); OpenFOAM user guide 4.4 divSchemes"
	refBackward        = "accurate profile: second-order backward differencing in time (Ferziger & Peric, Computational Methods for Fluid Dynamics, 3rd ed., sec. 6.2.3); Euler is first order"
	refMULESDdt        = "accurate profile: interFoam's MULES phase-fraction step accepts only Euler and CrankNicolson (applications/solvers/multiphase/VoF/alphaEqn.H: \"Only Euler and CrankNicolson ddt schemes are supported\"); the tutorials' Euler with the interface Courant limit maxAlphaCo"
	refChemistryDdt    = "accurate profile: reactingFoam integrates the chemistry over each step apart from the transport (first-order operator splitting, chemistryModel::solve(deltaT)), so backward differencing would not raise the order; Euler as the tutorials"
	refShallowDdt      = "accurate profile: shallowWaterFoam's bores and dam-break fronts are discontinuities, and backward differencing is not strong-stability preserving (Gottlieb, Shu & Tadmor 2001, SIAM Review 43:89-112): on eval/validation/ritter it overshot to a negative depth (SIGFPE) where Euler with the limited convection stays bounded"
	refCompressible    = "accurate profile for a pressure-based compressible transient (rhoPimpleFoam, sonicFoam): backward in time with two PIMPLE outer correctors, TVD convection for momentum (limitedLinearV 1: Sweby 1984, SIAM J. Numer. Anal. 21:995-1011, in Jasak 1996's NVD form, the limiter following the direction of steepest change) as for energy; measured on the supersonic nozzle of eval/specmatrix TestIssue10NozzleAreaRatio: backward with one outer corrector reached a negative temperature at step ~100, with two it runs (exit Mach 1.85-2.12 at 3 ms against 1.86-2.10 robust); linearUpwind momentum separated the exit's wall corner (Mach 0 there, 1.86 with the limiter) and Crank-Nicolson 0.9 diverged at 2 ms even with three outer correctors"
	refDensityDdt      = "accurate profile: rhoCentralFoam's Kurganov-Tadmor scheme is written for explicit Euler steps (Greenshields et al. 2010, Int. J. Numer. Meth. Fluids 63:1-21); accuracy comes from a small Courant number"
	refShedding        = "accurate profile: a bluff body sheds vortices at St = f D / U ~ 0.2 (Roshko 1954, NACA TN 3169, 40 < Re < 1e5); the step resolves the period T = D/(St U) in at least 50 steps"
	refFlowTime        = "accurate profile: the step resolves the flow-through time L/U in at least 20 steps, whatever the Courant number allows"
	refLinearSolvers   = "accurate profile: GAMG for the pressure (relTol 0.1 steady, 0.05 transient, 0 in the final corrector), smoothSolver for the transport equations (relTol 0.1 steady, 0 transient), absolute tolerance 1e-6: each step converges and the time to the answer measured on eval/validation is within 1.2x of a hand-tuned setup (docs/validation.md)"
	refCompressibleRAS = "accurate profile: a RAS compressible transient steps by Euler (with the two outer correctors and TVD convection of the laminar and LES ones): backward is not positivity preserving (its old-old coefficient is negative; Gottlieb, Shu & Tadmor 2001, SIAM Review 43:89-112), and on the generated matrix's rhoPimpleFoam LaunderSharmaKE backward-facing step it drove epsilon negative (bounding epsilon, min -2105) and the pressure solve to divergence (SIGFPE at step 28), where Euler runs; a RAS answer is a mean flow, which the time order does not change"
	refOuterCorrectors = "accurate profile: PIMPLE beyond a Courant number of 1 iterates each step to convergence with outer correctors (OpenFOAM v1912 user guide 4.5 PIMPLE; tutorials incompressible/pimpleFoam/RAS/propeller and heatTransfer/chtMultiRegionFoam/windshieldDefrost: two at maxCo 2 and 5); one outer corrector is PISO, whose pressure-velocity splitting error grows with the step (Issa 1986, J. Comput. Phys. 62:40-65)"
	refSIMPLE          = "accurate profile: SIMPLE under-relaxation of 0.7 for the transport equations and 0.3 for the pressure (Patankar 1980, Numerical Heat Transfer and Fluid Flow, 6.7; Ferziger & Peric, 3rd ed., 7.5.2); measured on eval/validation/devahldavis against the tutorials' 0.3/0.7"
)

// stepsPerPeriod and stepsPerFlowTime bound an adjustable step by the flow's time scale.
const (
	stepsPerPeriod   = 50
	stepsPerFlowTime = 20
	strouhalBody     = 0.2
)

// numerics is the case's profile and where it came from.
type numerics struct {
	name string
	src  Source
}

func (n numerics) accurate() bool { return n.name == profileAccurate }

// numerics is the profile of the compilation: the spec's numerics.profile, else accurate.
func (c *resolution) numerics() numerics {
	if p := c.spec.Numerics.Profile; p != "" {
		return numerics{p, specSrc("/numerics/profile")}
	}
	return numerics{profileAccurate, curated("numerics profile accurate unless numerics.profile says robust (issue 25)")}
}

// robustConvection is the tutorials' convection choice (today's curated fallback under the kb's
// most frequent tutorial scheme).
func robustConvection(f Features, field string) string {
	switch {
	case f.Steady && field == "U":
		return "bounded Gauss linearUpwind grad(U)"
	case f.Steady:
		return "bounded Gauss upwind"
	case f.Compressible && field == "U":
		return "Gauss linearUpwind grad(U)"
	case f.Compressible:
		return "Gauss upwind"
	case field == "U" && (f.Class == "LES" || f.Class == "laminar"):
		return "Gauss linear"
	case field == "U":
		return "Gauss linearUpwind grad(U)"
	}
	return "Gauss limitedLinear 1"
}

// accurateConvection is second order and bounded: linearUpwind for momentum (central linear
// for resolved laminar and LES momentum of an incompressible transient flow, where any
// upwinding damps the resolved eddies), limitedLinear 1 (TVD, Sweby's limiter in NVD form)
// for every scalar; the steady forms are bounded (FOAM-NUM-006).
//
// Steady scalars do not take limitedLinear (limiter switching stalls SIMPLE): with it the
// rhoSimpleFoam channel of verify/testdata/compressible-channel stalled at residuals of
// 1.5e-5 where the tutorials' schemes converge in 262 iterations, and the simpleFoam
// k-epsilon step of examples/channel-step at 1e-4 after 1000 iterations. A steady
// compressible flow's energy takes linearUpwind (262 iterations); the turbulence scalars of
// every steady flow keep the robust bounded upwind: linearUpwind sent the step to SIGFPE at
// iteration 14 and the generated matrix's rhoSimpleFoam LaunderSharmaKE T-junction to a
// negative temperature at iteration 10 (with k and epsilon upwind it runs).
func accurateConvection(f Features, field string) string {
	scheme := "Gauss limitedLinear 1"
	switch {
	case field != "U" && f.Steady && (!f.Compressible || !energyField[field]):
		return robustConvection(f, field)
	case field != "U" && f.Steady:
		scheme = "Gauss linearUpwind grad(" + field + ")"
	case field == "U" && !f.Steady && !f.Compressible && (f.Class == "LES" || f.Class == "laminar"):
		scheme = "Gauss linear"
	case field == "U":
		scheme = "Gauss linearUpwind grad(U)"
	}
	if f.Steady {
		return "bounded " + scheme
	}
	return scheme
}

// energyField are the energy equation's transported fields (enthalpy or internal energy and
// the kinetic energy K): the only scalars a steady compressible flow convects by linearUpwind.
var energyField = map[string]bool{"h": true, "e": true, "K": true}

// convection is the profile's scheme for the convection of field, with its source; the
// source records the robust choice for foamc run --repair.
func (c *emission) convection(field string) (string, Source) {
	n := c.numerics()
	robust := robustConvection(c.feat, field)
	if !n.accurate() {
		return robust, curated(refNumerics)
	}
	if v, ok := vofTurbulenceConvection(c.feat, field); ok {
		s := curated(refVoFTurbulence)
		s.Profile = profileAccurate
		return v, s
	}
	s := curated(refConvection)
	s.Profile, s.Robust = profileAccurate, robust
	if field == "U" && !c.feat.Steady && c.fam().name() == (compressible{}).name() {
		// A pressure-based compressible transient's shocks: TVD, not linearUpwind.
		s.Ref = refCompressible
		return "Gauss limitedLinearV 1", s
	}
	return accurateConvection(c.feat, field), s
}

// eulerDdt are the families whose solvers keep Euler under accurate, with the reason (a VoF
// case's phases add interFoam's MULES, refMULESDdt). A pressure-based compressible transient
// takes backward with two outer correctors (refCompressible, outerCorrectors).
var eulerDdt = map[string]string{
	(density{}).name():      refDensityDdt,
	(shallowWater{}).name(): refShallowDdt,
	(reacting{}).name():     refChemistryDdt,
}

// ddt is the time scheme: steadyState, else backward under accurate (Euler for the
// families of eulerDdt and for VoF), Euler under robust.
func (c *emission) ddt() (string, Source) {
	f := c.feat
	rule := ruleSrc("FOAM-NUM-004", "ddt matches steady/transient")
	switch {
	case f.Steady:
		return "steadyState", rule
	case !c.numerics().accurate():
		return "Euler", rule
	}
	ref, euler := eulerDdt[c.fam().name()]
	if len(f.Phases) > 0 {
		ref, euler = refMULESDdt, true
	}
	if euler {
		s := curated(ref)
		s.Profile = profileAccurate
		return "Euler", s
	}
	s := curated(refBackward)
	if c.fam().name() == (compressible{}).name() {
		if f.Class == "RAS" {
			s = curated(refCompressibleRAS)
			s.Profile = profileAccurate
			return "Euler", s
		}
		s = curated(refCompressible)
	}
	s.Profile, s.Robust = profileAccurate, "Euler"
	return "backward", s
}

// convField is the transported field of a div(<flux>,<field>) key, "" for any other key.
func convField(key string) string {
	i := strings.Index(key, ",")
	if !strings.HasPrefix(key, "div(phi") || i < 0 || strings.Count(key, ",") != 1 {
		return ""
	}
	return strings.TrimSuffix(key[i+1:], ")")
}

// maxDeltaT bounds an adjustable step by the flow's time scale under accurate: the shedding
// period of a body whose forces are asked (St ~ 0.2 on the force reference length), else the
// flow-through time of the reference length. Robust keeps 1 s, the tutorials' bound.
func (c *emission) maxDeltaT(st *state) val {
	one := val{s: 1, src: curated("controlDict defaults")}
	if !c.numerics().accurate() || st.uRef <= 0 {
		return one
	}
	if fc := c.spec.Outputs.ForceCoeffs; fc != nil && fc.LRef != nil && *fc.LRef > 0 {
		u := st.uRef
		if fc.MagUInf != nil && *fc.MagUInf > 0 {
			u = *fc.MagUInf
		}
		if dt := roundDown(*fc.LRef / (strouhalBody * u) / stepsPerPeriod); dt < 1 {
			return st.derive("derived/maxDeltaT", derivation{dt, "maxDeltaT = D / (St U) / 50 (" + refShedding + ")",
				map[string]float64{"D": *fc.LRef, "U": u, "St": strouhalBody}})
		}
		return one
	}
	L, _ := c.characteristicLength()
	if dt := roundDown(L / st.uRef / stepsPerFlowTime); L > 0 && dt < 1 {
		return st.derive("derived/maxDeltaT", derivation{dt, "maxDeltaT = L / U / 20 (" + refFlowTime + ")",
			map[string]float64{"L": L, "U": st.uRef}})
	}
	return one
}

// relaxationFactor is the accurate profile's SIMPLE relaxation factor for key (a field of
// relaxationFactors/fields, or "equations" for every transport equation), when it has one:
// laminar buoyant flow takes SIMPLE's textbook 0.7/0.3 instead of the buoyantCavity
// tutorial's 0.3/0.7, which the turbulent tutorial needs and which takes the laminar
// de Vahl Davis cavity several times as many iterations to the same residuals.
// Turbulent buoyant cases keep the tutorial's factors.
func (c *emission) relaxationFactor(key string, family float64) (float64, Source, bool) {
	f := c.feat
	if !c.numerics().accurate() || !f.Buoyant || f.Class != "laminar" {
		return 0, Source{}, false
	}
	v, ok := map[string]float64{f.Pressure: 0.3, "equations": 0.7}[key]
	if !ok || v == family {
		return 0, Source{}, false
	}
	s := curated(refSIMPLE)
	s.Profile, s.Robust = profileAccurate, strconv.FormatFloat(family, 'g', -1, 64)
	return v, s, true
}

// accurateSolvers says whether the accurate profile's linear-solver blocks lead their slots.
// Buoyant cases keep the tutorials' blocks (p_rgh to 1e-8 with relTol 0.01) under both
// profiles: with the looser 1e-6/0.1 the generated matrix's buoyantSimpleFoam cases
// (hotRoom with kOmega and kOmegaSST, a laminar heated box) drove T negative within 25
// iterations, and the de Vahl Davis cavity missed verify's energy balance (0.26 % > 0.1 %).
//
// A mesh of fewer than minGAMGCells cells takes PCG/DIC for the pressure instead of GAMG
// (smallMesh): GAMG cannot agglomerate it ("No coarse levels created", GAMGSolver.C:324 in
// v1912; eval/validation/premixed is one cell).
func (c *resolution) accurateSolvers() bool {
	return c.numerics().accurate() && !c.feat.Buoyant
}

// smallMesh: a mesh GAMG cannot coarsen, whose pressure the accurate profile solves with
// PCG/DIC; on the 80-cell Couette channel of eval/validation the tutorials' GAMG to 1e-8
// took 0.72 s of solver time against 0.42 s for PCG/DIC (scripts/bench-validation-time.sh).
func (c *resolution) smallMesh() bool {
	return c.mesh.Cells > 0 && c.mesh.Cells < minGAMGCells
}

// minGAMGCells is ten times GAMG's default nCellsInCoarsestLevel (10): room for at least
// one coarse level whatever the agglomeration.
const minGAMGCells = 100

// outerCorrectors is PIMPLE's nOuterCorrectors and its source when the accurate profile
// takes more than the one every profile starts from (ok false otherwise): two for a
// pressure-based compressible transient (backward needs them, refCompressible) and for a
// step beyond Courant 1 (refOuterCorrectors).
func (c *resolution) outerCorrectors() (int, Source, bool) {
	if !c.numerics().accurate() || c.feat.Steady {
		return 0, Source{}, false
	}
	ref := refOuterCorrectors
	switch {
	case c.fam().name() == (compressible{}).name():
		ref = refCompressible
	case c.spec.Control.MaxCo == nil || *c.spec.Control.MaxCo <= 1:
		return 0, Source{}, false
	}
	s := curated(ref)
	s.Profile, s.Robust = profileAccurate, "1"
	return 2, s, true
}
