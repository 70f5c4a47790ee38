#!/usr/bin/env bash
# bench-lint.sh: whole-process timings of `foamc lint` on the v1912 tutorials.
#   1. one tutorial case (incompressible/simpleFoam/pitzDaily), median of RUNS (21) runs (target < 50 ms)
#   2. every tutorial case (each dir with system/controlDict) in one process (target < 10 s)
# Usage: scripts/bench-lint.sh [TUTORIALS_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
src=${FOAMC_OPENFOAM_SRC:-$(ls -d .cache/src/openfoam-*/ 2>/dev/null | head -1)}
tut=${1:-${src%/}/tutorials}
[ -d "$tut" ] || { echo "no tutorials at $tut (run make deps)" >&2; exit 1; }
bin=$(mktemp -d)/foamc
tf=$(dirname "$bin")/time
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/foamc

ms() { echo $(( ($2 - $1) / 1000000 )); }

one="$tut/incompressible/simpleFoam/pitzDaily"
runs=${RUNS:-21}
"$bin" lint "$one" >/dev/null || true # warm the page cache
# Wall time of the foamc process alone (no wrapper process), then CPU time under
# /usr/bin/time in a second loop, so the wrapper's own fork and exec do not count as wall.
times=()
for _ in $(seq "$runs"); do
	t0=$(date +%s%N)
	"$bin" lint "$one" >/dev/null 2>&1 || true
	t1=$(date +%s%N)
	times+=("$(( (t1 - t0) / 100000 ))") # 0.1 ms
done
cpu=()
for _ in $(seq "$runs"); do
	/usr/bin/time -o "$tf" -f '%U %S' "$bin" lint "$one" >/dev/null 2>&1 || true
	cpu+=("$(tail -1 "$tf" | awk '{printf "%d", ($1 + $2) * 1000}')")
done
median() { sort -n | awk '{a[NR]=$1} END {m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2; print m}'; }
echo "one case (pitzDaily), $runs runs, ms: $(printf '%s\n' "${times[@]}" | sort -n | awk '{printf "%.1f ", $1/10}')"
echo "one case median: $(printf '%s\n' "${times[@]}" | median | awk '{printf "%.1f", $1/10}') ms wall (target < 50 ms)"
echo "one case median CPU (user+sys, all threads, 10 ms clock ticks): $(printf '%s\n' "${cpu[@]}" | median) ms"

mapfile -t cases < <(find "$tut" -path '*/system/controlDict' -printf '%h\n' | sed 's#/system$##' | sort)
t0=$(date +%s%N)
/usr/bin/time -o "$tf" -f '%U %S' "$bin" lint --format json "${cases[@]}" >/dev/null 2>&1 || true
c=$(tail -1 "$tf")
t1=$(date +%s%N)
echo "corpus: ${#cases[@]} cases in one process: $(ms "$t0" "$t1") ms wall (target < 10000 ms), CPU $(echo "$c" | tail -1 | awk '{printf "%d", ($1 + $2) * 1000}') ms"
echo "cpus: $(nproc), load average: $(cut -d' ' -f1-3 /proc/loadavg)"
