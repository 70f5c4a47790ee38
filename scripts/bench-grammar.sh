#!/usr/bin/env bash
# Grammar performance: generates a 1M-cell volVectorField (ASCII ~30 MB and format binary) in a
# temp dir, runs the grammar Go benchmarks on exactly those files, times OpenFOAM's
# foamDictionary on the same ASCII file, and prints medians, ratios and the targets.
#   scripts/bench-grammar.sh [COUNT]      (COUNT benchmark repetitions, default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${1:-5}
export WM_PROJECT_DIR=${WM_PROJECT_DIR:-/usr/share/openfoam} FOAM_ETC=${FOAM_ETC:-/usr/share/openfoam/etc}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

echo "== generating inputs in $TMP"
FOAMC_WRITE_BENCH_INPUTS=$TMP go test ./grammar -count=1 -run '^TestWriteBenchInputs$' >/dev/null
ls -l "$TMP" | awk 'NR>1 {printf "   %-12s %10d bytes\n", $9, $5}'
ASCII_BYTES=$(stat -c %s "$TMP/U_1M_ascii")

median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) {print "nan"; exit} if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

echo "== go benchmarks (-count $COUNT, GOMAXPROCS=2)"
FOAMC_BENCH_DIR=$TMP go test ./grammar -run '^$' -cpu 2 -count "$COUNT" -benchmem \
	-bench '^(BenchmarkField1MASCII|BenchmarkField1MBinary|BenchmarkNumListAllocs|BenchmarkFvSchemes|BenchmarkTutorialCorpus)$' \
	| tee "$TMP/bench.txt" | grep -E '^Benchmark' || true

# column value of a benchmark line: metric name follows the value
metric() { # bench-name unit
	grep -E "^$1-[0-9]+ " "$TMP/bench.txt" | awk -v u="$2" '{for (i=2;i<=NF;i++) if ($(i+1)==u) print $i}' | median
}

echo "== foamDictionary -keywords on the ASCII field ($COUNT runs; it reads and parses the whole file)"
FD_TIMES=()
if command -v foamDictionary >/dev/null; then
	for _ in $(seq "$COUNT"); do
		s=$(date +%s.%N)
		foamDictionary -keywords "$TMP/U_1M_ascii" >/dev/null 2>&1 || { echo "   foamDictionary failed"; break; }
		e=$(date +%s.%N)
		FD_TIMES+=("$(echo "$e - $s" | bc -l)")
	done
fi
FD_MED=$(printf '%s\n' "${FD_TIMES[@]:-}" | grep -v '^$' | median)

A_MBS=$(metric BenchmarkField1MASCII MB/s)
B_MBS=$(metric BenchmarkField1MBinary MB/s)
A_NS=$(metric BenchmarkField1MASCII ns/op)
AL10K=$(metric 'BenchmarkNumListAllocs/10000' allocs/op)
AL1M=$(metric 'BenchmarkNumListAllocs/1000000' allocs/op)
FV_NS=$(metric BenchmarkFvSchemes ns/op)
CORPUS_NS=$(metric BenchmarkTutorialCorpus ns/op)

echo
echo "== medians (load average now: $(cut -d' ' -f1-3 /proc/loadavg))"
awk -v a="$A_MBS" -v ans="$A_NS" -v b="$B_MBS" -v fd="$FD_MED" -v sz="$ASCII_BYTES" -v a10="$AL10K" -v a1m="$AL1M" \
	-v fv="$FV_NS" -v co="$CORPUS_NS" 'BEGIN {
	fdmbs = (fd > 0) ? sz / 1e6 / fd : 0
	printf "1M-cell ASCII U, parse + decode all values : %8.1f MB/s  (%.3f s)   target >= 200 (stretch 300)  %s\n", a, ans/1e9, (a >= 200 ? "OK" : "MISSED")
	if (fd > 0) printf "foamDictionary -keywords, same file        : %8.1f MB/s  (%.3f s)\n", fdmbs, fd
	if (fd > 0) printf "ratio foamc / foamDictionary               : %8.1fx                 target >= 5x  %s\n", a / fdmbs, (a / fdmbs >= 5 ? "OK" : "MISSED")
	printf "1M-cell binary U, parse + decode           : %8.1f MB/s               target >= 1000  %s\n", b, (b >= 1000 ? "OK" : "MISSED")
	printf "allocs/op 10k-cell vs 1M-cell field        : %8d vs %d       must be equal order  %s\n", a10, a1m, (a1m <= 2 * a10 ? "OK" : "MISSED")
	printf "typical fvSchemes parse                    : %8.3f ms              target < 0.5 ms  %s\n", fv / 1e6, (fv < 5e5 ? "OK" : "MISSED")
	printf "whole tutorial corpus, 2 cores             : %8.3f s               target < 2 s  %s\n", co / 1e9, (co < 2e9 ? "OK" : "MISSED")
}'
