# METADATA
# title: linear solver fits the matrix
# description: lduMatrix::solver::New selects from the symmetric or asymmetric table. PCG and the DIC/FDIC preconditioners and smoothers exist only for symmetric matrices (pressure, compressible too unless transonic), PBiCG and DILU only for asymmetric ones (convection-diffusion equations, the transonic pressure equation).
# custom:
#   id: FOAM-SOL-003
#   severity: deny
#   fix: "Use PCG/GAMG with DIC/GaussSeidel for pressure, and PBiCGStab/smoothSolver with DILU/symGaussSeidel for U, k, epsilon, h, e."
#   provenance:
#     - src/OpenFOAM/matrices/lduMatrix/lduMatrix/lduMatrixSolver.C
#     - src/OpenFOAM/matrices/lduMatrix/solvers/PCG/PCG.C
#     - src/OpenFOAM/matrices/lduMatrix/solvers/PBiCG/PBiCG.C
package foamc.rules.solution.linear

import data.foamc.lib

sym_only := {"PCG", "DIC", "FDIC", "DICGaussSeidel"}

asym_only := {"PBiCG", "DILU", "DILUGaussSeidel"}

asym_fields := {"U", "Urel", "k", "epsilon", "omega", "nuTilda", "h", "e", "kl", "kt", "ReThetat", "gammaInt"}

transonic if lib.truthy(lib.algorithm_dict.transonic)

# sonicFoam's pressure equation always holds fvm::div(phid, p) (pEqn.H:24).
transonic if "div(phid,p)" in lib.solver_info.div

sym_fields contains lib.solver_info.pressure if not transonic

sym_fields contains "Phi"

# every looked-up entry of a solved field and its Final variant
entry contains [name, key, tk, lib.lookup(solvers, key)] if {
	solvers := lib.fv_solution.solvers
	some name in lib.solved
	some key in [name, concat("", [name, "Final"])]
	tk := lib.tokens(solvers, key)
}

# lduMatrix::solver::New returns the diagonal solver for diagonal matrices whatever the
# name (lduMatrixSolver.C), so rho, rhoU and rhoE entries may name anything.
diagonal_fields := {"rho", "rhoU", "rhoE"}

# keys_of is every looked-up key (U, UFinal...) that one written entry serves: a regex
# entry like "(U|k)Final" or "p.*" is reported once, naming them all.
keys_of(tk) := concat(", ", sort({key | some [_, key, t, _] in entry; t == tk}))

findings contains f if {
	vocab := data.kb.vocab.linearSolvers
	count(vocab) > 0
	some [name, _, tk, e] in entry
	not name in diagonal_fields
	is_string(e.solver)
	not e.solver in vocab
	f := lib.finding_with(
		lib.file_ptr("system/fvSolution", array.concat(array.concat(["solvers"], tk), ["solver"])),
		sprintf("unknown linear solver %q for %s", [e.solver, keys_of(tk)]),
		{
			"suggest": lib.suggest(e.solver, vocab),
		},
	)
}

findings contains f if {
	some [name, _, tk, e] in entry
	name in asym_fields
	not name in sym_fields # shallowWaterFoam's h is its depth (pressure) equation, not enthalpy
	some part in ["solver", "preconditioner", "smoother"]
	lib.first(e[part]) in sym_only
	f := lib.finding(
		lib.file_ptr("system/fvSolution", array.concat(array.concat(["solvers"], tk), [part])),
		sprintf("%s %s works only for symmetric matrices; the %s equation is asymmetric", [part, lib.first(e[part]), keys_of(tk)]),
	)
}

findings contains f if {
	some [name, _, tk, e] in entry
	name in sym_fields
	some part in ["solver", "preconditioner", "smoother"]
	lib.first(e[part]) in asym_only
	f := lib.finding(
		lib.file_ptr("system/fvSolution", array.concat(array.concat(["solvers"], tk), [part])),
		sprintf("%s %s works only for asymmetric matrices; the %s equation is symmetric", [part, lib.first(e[part]), keys_of(tk)]),
	)
}
