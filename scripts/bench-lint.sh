#!/usr/bin/env bash
# bench-lint.sh: whole-process timings of `foamc lint` on the v1912 tutorials.
#   1. one tutorial case (incompressible/simpleFoam/pitzDaily), median of 10 runs (target < 50 ms)
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
"$bin" lint "$one" >/dev/null || true # warm the page cache
times=()
cpu=()
for _ in $(seq 10); do
	t0=$(date +%s%N)
	/usr/bin/time -o "$tf" -f '%U %S' "$bin" lint "$one" >/dev/null 2>&1 || true
	c=$(tail -1 "$tf")
	t1=$(date +%s%N)
	times+=("$(ms "$t0" "$t1")")
	cpu+=("$(echo "$c" | tail -1 | awk '{printf "%d", ($1 + $2) * 1000}')")
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n | tr '\n' ' ')
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print (a[5]+a[6])/2}')
echo "one case (pitzDaily), 10 runs, ms: $sorted"
echo "one case median: ${median} ms wall (target < 50 ms)"
cpumed=$(printf '%s\n' "${cpu[@]}" | sort -n | awk '{a[NR]=$1} END {print (a[5]+a[6])/2}')
echo "one case median CPU (user+sys, all threads): ${cpumed} ms"

mapfile -t cases < <(find "$tut" -path '*/system/controlDict' -printf '%h\n' | sed 's#/system$##' | sort)
t0=$(date +%s%N)
/usr/bin/time -o "$tf" -f '%U %S' "$bin" lint --format json "${cases[@]}" >/dev/null 2>&1 || true
c=$(tail -1 "$tf")
t1=$(date +%s%N)
echo "corpus: ${#cases[@]} cases in one process: $(ms "$t0" "$t1") ms wall (target < 10000 ms), CPU $(echo "$c" | tail -1 | awk '{printf "%d", ($1 + $2) * 1000}') ms"
echo "cpus: $(nproc), load average: $(cut -d' ' -f1-3 /proc/loadavg)"
