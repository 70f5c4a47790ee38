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
	-bench '^(BenchmarkField1MASCII|BenchmarkField1MASCIIFile|BenchmarkField1MBinary|BenchmarkNumListAllocs|BenchmarkFvSchemes|BenchmarkTutorialCorpus)$' \
	| tee "$TMP/bench.txt" | grep -E '^Benchmark' || true

# column value of a benchmark line: metric name follows the value
metric() { # bench-name unit
	grep -E "^$1-[0-9]+ " "$TMP/bench.txt" | awk -v u="$2" '{for (i=2;i<=NF;i++) if ($(i+1)==u) print $i}' | median
}

# foamDictionary reads and parses the whole file into its dictionary before it answers
# (`List<vector>` is a compound token: the 1M vectors are read into doubles). -keywords prints four names; -entry internalField -value also writes the 1M vectors
# back out, so it is the slower, more flattering baseline. Both run COUNT times, alternating, on
# the file the Go benchmarks parsed; a tiny field gives its fixed start-up cost (libraries,
# etc/controlDict), included in both.
FD_KW=() FD_VAL=() FD_TINY=()
timeit() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1 || return 1; e=$(date +%s.%N); echo "$e - $s" | bc -l; }
if command -v foamDictionary >/dev/null; then
	head -c 2000 "$TMP/U_1M_ascii" | sed -n '1,/^internalField/p' | sed 's/^internalField.*/internalField uniform (0 0 0);/' >"$TMP/U_tiny"
	echo "boundaryField {}" >>"$TMP/U_tiny"
	echo "== foamDictionary on the ASCII field ($COUNT runs each, alternating; load average $(cut -d' ' -f1-3 /proc/loadavg))"
	for _ in $(seq "$COUNT"); do
		FD_KW+=("$(timeit foamDictionary -keywords "$TMP/U_1M_ascii")") || { echo "   foamDictionary -keywords failed"; break; }
		FD_VAL+=("$(timeit foamDictionary -entry internalField -value "$TMP/U_1M_ascii")") || { echo "   foamDictionary -value failed"; break; }
		FD_TINY+=("$(timeit foamDictionary -keywords "$TMP/U_tiny")") || { echo "   foamDictionary (tiny) failed"; break; }
	done
	echo "   -keywords                    : ${FD_KW[*]:-} s"
	echo "   -entry internalField -value  : ${FD_VAL[*]:-} s"
	echo "   -keywords on a tiny field    : ${FD_TINY[*]:-} s"
fi
FD_MED=$(printf '%s\n' "${FD_KW[@]:-}" | grep -v '^$' | median)
FDV_MED=$(printf '%s\n' "${FD_VAL[@]:-}" | grep -v '^$' | median)
FDT_MED=$(printf '%s\n' "${FD_TINY[@]:-}" | grep -v '^$' | median)
GO_ALL=$(grep -E "^BenchmarkField1MASCII-[0-9]+ " "$TMP/bench.txt" | awk '{for (i=2;i<=NF;i++) if ($(i+1)=="MB/s") printf "%s ", $i}')

A_MBS=$(metric BenchmarkField1MASCII MB/s)
B_MBS=$(metric BenchmarkField1MBinary MB/s)
A_NS=$(metric BenchmarkField1MASCII ns/op)
AF_MBS=$(metric BenchmarkField1MASCIIFile MB/s)
AL10K=$(metric 'BenchmarkNumListAllocs/10000' allocs/op)
AL1M=$(metric 'BenchmarkNumListAllocs/1000000' allocs/op)
FV_NS=$(metric BenchmarkFvSchemes ns/op)
CORPUS_NS=$(metric BenchmarkTutorialCorpus ns/op)

echo
echo "== medians (load average now: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs)"
echo "   BenchmarkField1MASCII runs: $GO_ALL MB/s"
awk -v a="$A_MBS" -v ans="$A_NS" -v b="$B_MBS" -v af="$AF_MBS" -v fd="$FD_MED" -v fdv="$FDV_MED" -v fdt="$FDT_MED" -v sz="$ASCII_BYTES" -v a10="$AL10K" -v a1m="$AL1M" \
	-v fv="$FV_NS" -v co="$CORPUS_NS" 'BEGIN {
	fdmbs = (fd > 0) ? sz / 1e6 / fd : 0
	printf "1M-cell ASCII U, parse + decode all values : %8.1f MB/s  (%.3f s)   target >= 200 (stretch 300)  %s\n", a, ans/1e9, (a >= 200 ? "OK" : "MISSED")
	printf "  the same, file read included            : %8.1f MB/s\n", af
	if (fd > 0) printf "foamDictionary -keywords, same file        : %8.1f MB/s  (%.3f s)\n", fdmbs, fd
	if (fdv > 0) printf "foamDictionary -entry internalField -value : %8.1f MB/s  (%.3f s)\n", sz / 1e6 / fdv, fdv
	if (fdt > 0) printf "foamDictionary start-up (tiny field)      : %14s(%.3f s, inside both times above)\n", "", fdt
	if (fd > 0) printf "ratio foamc / foamDictionary -keywords     : %8.1fx                 target >= 5x  %s\n", a / fdmbs, (a / fdmbs >= 5 ? "OK" : "MISSED")
	if (fd > 0) printf "  the same, file read included            : %8.1fx\n", af / fdmbs
	if (fdv > 0) printf "ratio foamc / foamDictionary -value       : %8.1fx\n", a / (sz / 1e6 / fdv)
	printf "1M-cell binary U, parse + decode           : %8.1f MB/s               target >= 1000  %s\n", b, (b >= 1000 ? "OK" : "MISSED")
	printf "allocs/op 10k-cell vs 1M-cell field        : %8d vs %d       must be equal order  %s\n", a10, a1m, (a1m <= 2 * a10 ? "OK" : "MISSED")
	printf "typical fvSchemes parse                    : %8.3f ms              target < 0.5 ms  %s\n", fv / 1e6, (fv < 5e5 ? "OK" : "MISSED")
	printf "whole tutorial corpus, 2 cores             : %8.3f s               target < 2 s  %s\n", co / 1e9, (co < 2e9 ? "OK" : "MISSED")
}'
