#!/bin/sh
# Compile time per spec as a whole process (foamc compile, cold start each time): wall time,
# and CPU time (user + sys), which a loaded shared machine inflates less.
# Usage: scripts/bench-compile.sh [runs]   (default 11 runs per spec; prints per-spec medians)
set -e
cd "$(dirname "$0")/.."
runs=${1:-11}
go build -o bin/foamc ./cmd/foamc
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
walls=""
cpus=""
median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for spec in examples/*/spec.yaml eval/specmatrix/s*/spec.yaml; do
	name=$(basename "$(dirname "$spec")")
	times=""
	cpu=""
	i=0
	while [ $i -lt "$runs" ]; do
		/usr/bin/time -f '%e %U %S' -o "$out/time" bin/foamc compile "$spec" -o "$out/$name" --force >/dev/null 2>&1
		set -- $(cat "$out/time")
		times="$times $(echo "$1" | awk '{printf "%d", $1 * 1000}')"
		cpu="$cpu $(echo "$2 $3" | awk '{printf "%d", ($1 + $2) * 1000}')"
		i=$((i + 1))
	done
	med=$(echo $times | median)
	cmed=$(echo $cpu | median)
	walls="$walls $med"
	cpus="$cpus $cmed"
	printf '%-48s median wall %4d ms, cpu %4d ms (wall runs:%s)\n' "$name" "$med" "$cmed" "$times"
done
echo $walls | tr ' ' '\n' | sort -n | awk '{a[NR]=$1} END {printf "median over specs: wall %d ms (min %d, max %d)\n", a[int((NR+1)/2)], a[1], a[NR]}'
echo $cpus | tr ' ' '\n' | sort -n | awk '{a[NR]=$1} END {printf "median over specs: cpu %d ms (min %d, max %d)\n", a[int((NR+1)/2)], a[1], a[NR]}'
