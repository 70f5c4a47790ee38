#!/usr/bin/env bash
# foamc verify on a 1M-cell case (U, p, k, epsilon, nut written by a steady k-epsilon
# run), ASCII and binary: generates the case once in a temp dir, runs the Go benchmarks
# COUNT times on 2 cores and prints the medians against the target (< 1 s, memory bounded
# by one field at a time).
#   scripts/bench-verify.sh [COUNT]      (COUNT benchmark repetitions, default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${1:-5}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

echo "== go benchmarks (-count $COUNT, GOMAXPROCS=2; case generated in $TMP)"
FOAMC_BENCH_DIR=$TMP go test ./verify -run '^$' -cpu 2 -count "$COUNT" -benchtime 3x \
	-bench '^BenchmarkVerify1M(ASCII|Binary)$' | tee "$TMP/bench.txt" | grep -E '^Benchmark' || true
du -sb "$TMP"/case1M-*/100 | awk '{printf "   %-40s %6.1f MB of fields\n", $2, $1/1e6}'

median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) {print "nan"; exit} if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
metric() { # bench-name unit
	grep -E "^$1-[0-9]+ " "$TMP/bench.txt" | awk -v u="$2" '{for (i=2;i<=NF;i++) if ($(i+1)==u) print $i}' | median
}

echo
echo "== medians (load average now: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs)"
for f in ASCII Binary; do
	awk -v f="$f" -v ns="$(metric BenchmarkVerify1M$f ns/op)" -v bop="$(metric BenchmarkVerify1M$f B/op)" \
		-v live="$(metric BenchmarkVerify1M$f peak-live-MB)" 'BEGIN {
		printf "1M-cell %-6s verify: %7.3f s/op  %7.1f MB allocated/op  %6.1f MB peak live   target < 1 s  %s\n",
			f, ns / 1e9, bop / 1e6, live, (ns < 1e9 ? "OK" : "MISSED")
	}'
done
