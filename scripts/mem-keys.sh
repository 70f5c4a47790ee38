#!/usr/bin/env bash
# Memory bound of issue 16 item 10: a 34 MB dictionary of 2 M keys must stay well under 1 GB in
# every command that reads it. Generates the file (the same keys nested in one entry, and a
# cavity case that holds the file as constant/keysDict), runs each command under /usr/bin/time
# and prints its max RSS and wall time.
#   scripts/mem-keys.sh [FOAMC]     (FOAMC: a foamc binary; default: built from this tree)
set -euo pipefail
cd "$(dirname "$0")/.."
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FOAMC=${1:-}
if [ -z "$FOAMC" ]; then
	go build -o "$TMP/foamc" ./cmd/foamc
	FOAMC=$TMP/foamc
fi

KEYS=$TMP/keys34
{
	printf 'FoamFile\n{\n    version 2.0;\n    format ascii;\n    class dictionary;\n    object keys;\n}\n'
	awk 'BEGIN { for (i = 0; i < 2000000; i++) printf "k%07d %06d;\n", i, i % 1000000 }'
} >"$KEYS"

# The same file as a dictionary lint reads: constant/keysDict of the cavity tutorial.
SRC=${FOAMC_OPENFOAM_SRC:-$(ls -d .cache/src/openfoam-*/ 2>/dev/null | head -1)}
CASE=$TMP/cavity
if [ -n "$SRC" ] && [ -d "$SRC/tutorials/incompressible/icoFoam/cavity/cavity" ]; then
	cp -r "$SRC/tutorials/incompressible/icoFoam/cavity/cavity" "$CASE"
	sed 's/object keys;/object keysDict;/' "$KEYS" >"$CASE/constant/keysDict"
else
	CASE=
	echo "no OpenFOAM tutorials (set FOAMC_OPENFOAM_SRC): lint and inspect are left out"
fi

echo "== $(stat -c %s "$KEYS") bytes, 2000000 keys; load average $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs"
run() { # command...
	local status=0
	/usr/bin/time -f '%M %e' -o "$TMP/time" "$@" >/dev/null 2>"$TMP/err" || status=$?
	read -r kb s < <(tail -n 1 "$TMP/time")
	printf 'max RSS %7d KB (%4d MB)  wall %6.1f s  exit %d\n' "$kb" $((kb / 1024)) "$s" "$status"
}
for cmd in "parse" "parse --expand" "fmt" "fmt --check"; do
	# shellcheck disable=SC2086 # the command's words split on purpose
	printf '%-30s' "foamc $cmd"
	run "$FOAMC" $cmd "$KEYS"
done
# The same keys inside one dictionary entry `d { … }` (parsed in chunks inside it too).
NESTED=$TMP/nested34
{ sed -n '1,/^}/p' "$KEYS"; echo 'd'; echo '{'; sed '1,/^}/d' "$KEYS"; echo '}'; } >"$NESTED"
for cmd in "parse" "parse --expand" "fmt"; do
	# shellcheck disable=SC2086
	printf '%-30s' "foamc $cmd (nested)"
	run "$FOAMC" $cmd "$NESTED"
done
if [ -n "$CASE" ]; then
	printf '%-30s' "foamc lint"
	run "$FOAMC" lint "$CASE"
	printf '%-30s' "foamc inspect"
	run "$FOAMC" inspect --format json "$CASE"
fi
