#!/usr/bin/env bash
# Time to the answer (issue 25, docs/validation.md "Time to the answer"): the solver time of
# foamc's accurate case of each eval/validation spec against hand-tuned setups of the same
# mesh and tolerance. Every case is compiled by foamc and meshed once (its Allrun); each setup
# is that case with the edits below applied by foamDictionary, run RUNS times (time directories
# and postProcessing cleared between runs), nice'd; the time is OpenFOAM's ExecutionTime (CPU
# seconds) of the last step (the process's user + system CPU time for a solver that prints
# none), median of the runs; each setup's last run is judged by foamc
# verify against the case's spec (a hand setup that is rejected, e.g. stops before the
# energy balance closes, does not meet the tolerance and is not compared).
#   scripts/bench-validation-time.sh [CASE...]      RUNS=3 by default; WORK=dir keeps the runs
# Needs OpenFOAM v1912 (WM_PROJECT_DIR, FOAM_ETC as the Makefile sets them).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
export WM_PROJECT_DIR=${WM_PROJECT_DIR:-/usr/share/openfoam} FOAM_ETC=${FOAM_ETC:-/usr/share/openfoam/etc}
WORK=${WORK:-$(mktemp -d)}
mkdir -p "$WORK"
go build -o "$WORK/foamc" ./cmd/foamc
FOAMC=$WORK/foamc

# spec of a case (the damBreak's compiled spec lives under compiled/).
spec() { if [ "$1" = dambreak ]; then echo eval/validation/dambreak/compiled/spec.yaml; else echo "eval/validation/$1/spec.yaml"; fi; }

# Hand setups per case: "name|edit;edit;..." with an edit "file:entry=value" (foamDictionary
# -set), "file:entry=-" (-remove) or "file:entry+=value" (-add). Every case's cases share the
# foamc case's mesh, schemes and convergence tolerance (residualControl or endTime).
P_PCG='solvers/p/solver=PCG;solvers/p/smoother=-;solvers/p/preconditioner+=DIC;solvers/pFinal/solver=PCG;solvers/pFinal/smoother=-;solvers/pFinal/preconditioner+=DIC'
P_DICGS='solvers/p/smoother=DICGaussSeidel;solvers/pFinal/smoother=DICGaussSeidel'
P_DICGS_STEADY='solvers/p/smoother=DICGaussSeidel'
P_PCG_STEADY='solvers/p/solver=PCG;solvers/p/smoother=-;solvers/p/preconditioner+=DIC'
U_BICG='solvers/U/solver=PBiCGStab;solvers/U/smoother=-;solvers/U/preconditioner+=DILU;solvers/UFinal/solver=PBiCGStab;solvers/UFinal/smoother=-;solvers/UFinal/preconditioner+=DILU'
hand() {
	local f=system/fvSolution
	case $1 in
	cavity) echo "pPCG|$(pre $f "$P_PCG")" ;;
	couette | cylinder) echo "pDICGS-UBiCG|$(pre $f "$P_DICGS;$U_BICG")" "pPCG|$(pre $f "$P_PCG")" ;;
	poiseuille | flatplate | channel) echo "pDICGS|$(pre $f "$P_DICGS_STEADY")" "pPCG|$(pre $f "$P_PCG_STEADY")" ;; # foamc's is SIMPLEC already (the kb's)
	devahldavis) echo "pDICGS-rel01|$(pre $f 'solvers/p_rgh/smoother=DICGaussSeidel;solvers/p_rgh/relTol=0.1;solvers/U/relTol=0.1;solvers/h/relTol=0.1')" \
		"relax0.8-0.4|$(pre $f 'relaxationFactors/equations/U=0.8;relaxationFactors/equations/h=0.8;relaxationFactors/fields/p_rgh=0.4')" ;;
	sodpimple) echo "pPCG|$(pre $f "$P_PCG")" "outer1|$(pre $f 'PIMPLE/nOuterCorrectors=1')" ;;
	dambreak) echo "prghDICGS|$(pre $f 'solvers/p_rgh/smoother=DICGaussSeidel;solvers/p_rghFinal/smoother=DICGaussSeidel')" ;;
	ritter) echo "hGAMG|$(pre $f 'solvers/h/solver=GAMG;solvers/h/preconditioner=-;solvers/h/smoother+=DICGaussSeidel;solvers/hFinal/solver=GAMG;solvers/hFinal/preconditioner=-;solvers/hFinal/smoother+=DICGaussSeidel')" ;;
	advection) echo "TBiCG|$(pre $f 'solvers/T/solver=PBiCGStab;solvers/T/smoother=-;solvers/T/preconditioner+=DILU')" ;;
	chtslab) echo "solidPCG|$(pre system/solid/fvSolution 'solvers/h/solver=PCG;solvers/h/smoother=-;solvers/h/preconditioner+=DIC')" ;;
	premixed | laminarflame) echo "outer1-corr1|$(pre $f 'PIMPLE/nCorrectors=1')" ;;
	sod) ;; # explicit: rho, rhoU, rhoE diagonal; nothing to tune
	esac
}
pre() { # prefix every edit of $2 with the file $1
	local IFS=';' out=() e
	for e in $2; do out+=("$1:$e"); done
	(IFS=';'; echo "${out[*]}")
}

apply() { # dir edits
	local IFS=';' e file rest key val op
	for e in $2; do
		file=${e%%:*} rest=${e#*:}
		case $rest in
		*+=*) key=${rest%%+=*} val=${rest#*+=} op=-add ;;
		*=-) key=${rest%=-} val= op=-remove ;;
		*) key=${rest%%=*} val=${rest#*=} op=-set ;;
		esac
		foamDictionary -case "$1" "$1/$file" -entry "$key" $op ${val:+"$val"} >/dev/null 2>&1 ||
			{ echo "$1: edit $e failed" >&2; return 1; }
	done
}

solverOf() { grep -oE '^run [A-Za-z]+Foam' "$1/Allrun" | tail -1 | cut -d' ' -f2; }
exectime() { grep -oE '^ExecutionTime = [0-9.e+-]+' "$1" | tail -1 | awk '{print $3}'; }
median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) {print "nan"; exit} if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

runs() { # dir solver -> prints the median ExecutionTime of RUNS runs
	local d=$1 s=$2 i ts=()
	for ((i = 0; i < RUNS; i++)); do
		(cd "$d" && foamListTimes -rm >/dev/null 2>&1; rm -rf postProcessing
			nice -n 5 /usr/bin/time -o cpu.txt -f '%U %S' "$s" >"log.$s" 2>&1) || true
		# scalarTransportFoam prints no ExecutionTime: its process CPU time (user + system).
		ts+=("$(exectime "$d/log.$s" || true)")
		[ -n "${ts[-1]}" ] || ts[-1]=$(awk '{print $1 + $2}' "$d/cpu.txt")
	done
	printf '%s\n' "${ts[@]}" | median
}

verdict() { # dir -> accept|reject|insufficient
	local rc=0
	"$FOAMC" verify "$1" --no-plots >"$1/verify.txt" 2>&1 || rc=$?
	case $rc in 0) echo accept ;; 3) echo reject ;; 4) echo insufficient ;; *) echo "exit $rc" ;; esac
}

CASES=("$@")
[ ${#CASES[@]} -gt 0 ] || CASES=(cavity couette poiseuille flatplate channel advection ritter chtslab premixed dambreak sodpimple sod devahldavis cylinder)
echo "time to the answer: foamc accurate vs hand-tuned setups, ExecutionTime median of $RUNS runs (load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs; runs in $WORK)"
printf '%-12s %-14s %10s %-13s %s\n' case setup "time [s]" verify "ratio foamc/setup"
for c in "${CASES[@]}"; do
	base=$WORK/$c/foamc
	rm -rf "$WORK/$c"
	"$FOAMC" compile "$(spec "$c")" -o "$base" >/dev/null 2>&1 || { printf '%-12s %-14s %10s %s\n' "$c" foamc - "compile failed"; continue; }
	if [ "$c" = cylinder ]; then
		# The shedding case runs t = 0..20 D/U (of 120) for the timing: the same steps for every
		# setup; its answer (mean Cd over t >= 70) is judged by make validation, not here.
		foamDictionary -case "$base" "$base/system/controlDict" -entry endTime -set 20 >/dev/null
	fi
	(cd "$base" && nice -n 5 ./Allrun >/dev/null 2>&1) || { printf '%-12s %-14s %10s %s\n' "$c" foamc - "Allrun failed"; continue; }
	s=$(solverOf "$base")
	declare -A t=() v=()
	t[foamc]=$(runs "$base" "$s")
	v[foamc]=$(verdict "$base")
	names=(foamc)
	for h in $(hand "$c"); do
		n=${h%%|*} d=$WORK/$c/$n
		cp -r "$base" "$d"
		apply "$d" "${h#*|}" || continue
		t[$n]=$(runs "$d" "$s")
		v[$n]=$(verdict "$d")
		names+=("$n")
	done
	for n in "${names[@]}"; do
		ratio=-
		[ "$n" = foamc ] || ratio=$(awk -v a="${t[foamc]}" -v b="${t[$n]}" 'BEGIN {if (b > 0) printf "%.2f", a / b; else print "-"}')
		printf '%-12s %-14s %10s %-13s %s\n' "$c" "$n" "${t[$n]}" "${v[$n]}" "$ratio"
	done
	unset t v
done
