package compiler

import (
	"regexp"

	"github.com/foamc/foamc/grammar"
)

// refClosedP12 is why closedSteadyP12 changes a solver: Foundation 12 sets no p_rgh
// reference for a compressible fluid, where v1912's pressureControl sets one.
const refClosedP12 = "OpenFOAM-12 src/finiteVolume/cfdTools/general/pressureReference/pressureReference.C: " +
	"the reference cell is set only when thermo.incompressible() (isothermalFluid.C); " +
	"src/OpenFOAM/matrices/lduMatrix/preconditioners/DICPreconditioner: 1/(D - U^2/D) of a singular matrix"

// incompressibleEoS12 are Foundation 12's equations of state whose `incompressible` is true
// (src/thermophysicalModels/specie/equationOfState/*/*.H): only for these does
// isothermalFluid give the pressure equation a reference cell.
var incompressibleEoS12 = map[string]bool{
	"Boussinesq": true, "icoPolynomial": true, "icoTabulated": true,
	"incompressiblePerfectGas": true, "rhoConst": true,
}

// levelFreeP12 are p_rgh conditions that fix no pressure level (a domain bounded by these
// and constraint patches is closed).
var levelFreeP12 = map[string]bool{"fixedFluxPressure": true, "zeroGradient": true, "fixedGradient": true}

// closedSteadyP12 keeps a steady, closed, compressible fluid region's p_rgh solvable in
// Foundation 12. There isothermalFluid's pressureReference sets no reference cell for a
// compressible equation of state, and steadyState drops psi*ddt(p_rgh), so the p_rgh
// matrix is the singular Neumann Laplacian (adjustMass then fixes the level from the mass).
// PCG copes with a singular consistent system, but the DIC factorisation is exact on a
// one-cell-thick (tridiagonal) mesh and its last pivot D - U^2/D is zero up to round-off:
// F12 traps the division (a floating point exception in DICPreconditioner::calcReciprocalD,
// also in GAMG, whose coarsest level is DIC-preconditioned PCG). PCG with the diagonal
// preconditioner does no factorisation; the solution is the same, the convergence slower.
func (c *emission) closedSteadyP12(r string) {
	fvs, sch, pp, prgh := c.files["system/"+r+"/fvSolution"], c.files["system/"+r+"/fvSchemes"],
		c.files["constant/"+r+"/physicalProperties"], c.files["0/"+r+"/p_rgh"]
	if fvs == nil || sch == nil || pp == nil || prgh == nil {
		return
	}
	if ddt, ok := sch.Body.Find("ddtSchemes").(*grammar.DictEntry); !ok || wordOf(ddt.Dict, "default") != "steadyState" {
		return
	}
	tt, ok := pp.Body.Find("thermoType").(*grammar.DictEntry)
	if !ok || incompressibleEoS12[wordOf(tt.Dict, "equationOfState")] {
		return
	}
	bf, ok := prgh.Body.Find("boundaryField").(*grammar.DictEntry)
	if !ok {
		return
	}
	for _, e := range bf.Dict.Entries {
		if d, ok := e.(*grammar.DictEntry); ok {
			if t := wordOf(d.Dict, "type"); !levelFreeP12[t] && !constraintPatchType(t) {
				return
			}
		}
	}
	solvers, ok := fvs.Body.Find("solvers").(*grammar.DictEntry)
	if !ok {
		return
	}
	ptr := filePtr("system/"+r+"/fvSolution") + "/solvers"
	for _, e := range solvers.Dict.Entries {
		d, ok := e.(*grammar.DictEntry)
		if !ok || !solvesPrgh(d.Key) {
			continue
		}
		n := node{c, d.Dict, ptr + "/" + escape(d.Key.Name)}
		switch wordOf(d.Dict, "solver") {
		case "GAMG":
			// Its coarsest level is PCG with DIC (GAMGSolver::PCGsolverDict), on a coarse
			// matrix as singular and, from a one-cell-thick mesh, as tridiagonal.
			n.set("solver", curated(refClosedP12+"; GAMGSolverSolve.C PCGsolverDict"), grammar.NewWord("PCG"))
			d.Dict.Remove("smoother")
			delete(c.prov, n.ptr+"/smoother")
			n.set("preconditioner", curated(refClosedP12), grammar.NewWord("diagonal"))
		case "PCG":
			if wordOf(d.Dict, "preconditioner") == "DIC" {
				n.set("preconditioner", curated(refClosedP12), grammar.NewWord("diagonal"))
			}
		}
	}
}

// solvesPrgh: a solvers entry p_rgh or p_rghFinal selects, by name or as a regex.
func solvesPrgh(k grammar.Key) bool {
	if !k.Regex {
		return k.Name == "p_rgh" || k.Name == "p_rghFinal"
	}
	re, err := regexp.Compile("^(?:" + k.Name + ")$")
	return err == nil && (re.MatchString("p_rgh") || re.MatchString("p_rghFinal"))
}
