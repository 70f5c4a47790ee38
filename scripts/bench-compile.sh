#!/bin/sh
# Compile time per spec as a whole process (foamc compile, cold start each time).
# Usage: scripts/bench-compile.sh [runs]   (default 11 runs per spec; prints per-spec median ms)
set -e
cd "$(dirname "$0")/.."
runs=${1:-11}
go build -o bin/foamc ./cmd/foamc
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
all=""
for spec in examples/*/spec.yaml specs/s*/spec.yaml; do
	name=$(basename "$(dirname "$spec")")
	times=""
	i=0
	while [ $i -lt "$runs" ]; do
		s=$(date +%s%N)
		bin/foamc compile "$spec" -o "$out/$name" --force >/dev/null 2>&1
		e=$(date +%s%N)
		times="$times $(( (e - s) / 1000000 ))"
		i=$((i + 1))
	done
	med=$(echo $times | tr ' ' '\n' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
	all="$all $med"
	printf '%-48s median %4d ms (runs:%s)\n' "$name" "$med" "$times"
done
echo $all | tr ' ' '\n' | sort -n | awk '{a[NR]=$1} END {printf "median over specs: %d ms (min %d, max %d)\n", a[int((NR+1)/2)], a[1], a[NR]}'
