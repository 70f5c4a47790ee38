#!/bin/sh
# bench-gate.sh: the cost of the gate's snapshot and containment (issue 26).
#
#   scripts/bench-gate.sh BEFORE_FOAMC AFTER_FOAMC [RUNS] [WORKDIR]
#
# Times `foamc gate . -- icoFoam` (run inside the case: the gate before the snapshot ran
# the command in its working directory) on the v1912 cavity (400 cells) and on the cavity
# refined to 1000x1000x1 (1M cells, made once with blockMesh), each with endTime 0: icoFoam
# reads the mesh and the fields, enters the time loop and stops (one step of a 1M-cell
# cavity is minutes of pressure solve, which would hide the gate), so the measure is: lint,
# snapshot, containment, icoFoam reading the mesh, sync. Prints, per binary and case, the median wall time and median peak
# resident memory (GNU time -v: the largest of foamc and the programs it waited for) of
# RUNS runs (default 5), for `gate . -- icoFoam` and, to isolate the gate's own cost (lint,
# snapshot, sync), for `gate . -- true`. Before and after runs alternate, so a busy machine
# weighs on both alike.
set -eu
before=$1 after=$2 runs=${3:-5} work=${4:-$(mktemp -d)}
: "${WM_PROJECT_DIR:=/usr/share/openfoam}" "${FOAM_ETC:=$WM_PROJECT_DIR/etc}"
export WM_PROJECT_DIR FOAM_ETC
tut=${FOAM_TUTORIALS:-/usr/share/doc/openfoam-examples/examples}/incompressible/icoFoam/cavity/cavity

make_case() { # name cells
	d=$work/$1
	if [ -d "$d/constant/polyMesh" ]; then
		foamDictionary -entry endTime -set 0 "$d/system/controlDict" >/dev/null
		return
	fi
	rm -rf "$d"
	cp -r "$tut" "$d"
	sed -i "s/(20 20 1)/($2 $2 1)/" "$d/system/blockMeshDict"
	foamDictionary -entry endTime -set 0 "$d/system/controlDict" >/dev/null
	(cd "$d" && blockMesh >log.blockMesh 2>&1)
	rm -f "$d/log.blockMesh"
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

measure() { # foamc case label command: one run, appended to wall.label and rss.label
	(cd "$work/$2" && /usr/bin/time -v "$1" gate . -- $4 >/dev/null 2>"$work/time.out") || {
		cat "$work/time.out" >&2
		exit 1
	}
	awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,t,":"); s=0; for(k=1;k<=n;k++) s=s*60+t[k]; print s}' "$work/time.out" >>"$work/wall.$3"
	awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.out" >>"$work/rss.$3"
}

report() { # label case command
	printf '%-7s %-9s gate -- %-8s wall %6.2f s   peak RSS %7.1f MiB   (median of %d)\n' "$1" "$2" "$3" \
		"$(median <"$work/wall.$1")" "$(echo "$(median <"$work/rss.$1")" / 1024 | bc -l)" "$runs"
}

make_case cavity 20
make_case cavity1M 1000
for c in cavity cavity1M; do
	for cmd in icoFoam true; do
		: >"$work/wall.before" && : >"$work/rss.before" && : >"$work/wall.after" && : >"$work/rss.after"
		i=0
		while [ $i -lt "$runs" ]; do
			measure "$before" $c before $cmd
			measure "$after" $c after $cmd
			i=$((i + 1))
		done
		report before $c $cmd
		report after $c $cmd
	done
done
