#!/usr/bin/env bash
# lint-tutorials.sh: `foamc lint` over every tutorial case of a release (each directory with
# system/controlDict) in one process, then the share of cases with a deny other than the
# code-security denies (FOAM-SEC-*), and the remaining deny IDs with their case counts; then
# the security denies per ID (cases, findings).
# Usage: scripts/lint-tutorials.sh TUTORIALS_DIR [foamc lint flags…]   (FOAMC: a built foamc)
# With RELEASE_DIR set (an OpenFOAM source or installation: etc/, tutorials/), lint runs in
# the environment its etc/bashrc gives a user of that release: WM_PROJECT_DIR, FOAM_ETC,
# FOAM_TUTORIALS and WM_PROJECT_VERSION (#includeEtc and $FOAM_TUTORIALS resolve there).
# A setups.orig/common directory (ESI's multi-setup tutorials) is not a case: the tutorial's
# Allrun makes each setup as setups/<setup> from common with the setup's 0.orig, constant
# and system copied over it (cp -aRfL, bump2D's Allrun), and those setups are what is linted,
# in a copy of the tutorial. PER_DIRECTORY=1 lints every directory with system/controlDict as
# it is, setups.orig/common included (the count before composing).
# foamc lint reads each case's Allrun (docs/case-document.md section 3).
set -euo pipefail
tut=${1:?usage: lint-tutorials.sh TUTORIALS_DIR [lint flags]}
shift
cd "$(dirname "$0")/.."
bin=${FOAMC:-}
if [ -z "$bin" ]; then
	bin=$(mktemp -d)/foamc
	trap 'rm -rf "$(dirname "$bin")"' EXIT
	go build -o "$bin" ./cmd/foamc
fi
mapfile -t found < <(find "$tut" -path '*/system/controlDict' -printf '%h\n' | sed 's#/system$##' | sort)
work=$(mktemp -d)
cases=()
for c in "${found[@]}"; do
	case ${PER_DIRECTORY:-}:$c in
	:*/setups.orig/common)
		top=${c%/setups.orig/common}
		copy=$work/${top#"$tut"/}
		mkdir -p "$(dirname "$copy")" && cp -aR "$top" "$copy"
		for s in "$top"/setups.orig/*/; do
			s=$(basename "$s")
			[ "$s" = common ] && continue
			d=$copy/setups/$s
			mkdir -p "$d"
			cp -aRfL "$top/setups.orig/common/." "$d"
			for sub in 0.orig constant system; do
				[ -d "$top/setups.orig/$s/$sub" ] && mkdir -p "$d/$sub" && cp -aRfL "$top/setups.orig/$s/$sub/." "$d/$sub"
			done
			cases+=("$d")
		done
		;;
	*) cases+=("$c") ;;
	esac
done
out=$(mktemp)
envs=()
if [ -n "${RELEASE_DIR:-}" ]; then
	ver=$(sed -n 's/^ *export WM_PROJECT_VERSION=\([^ ]*\).*/\1/p' "$RELEASE_DIR/etc/bashrc" | head -1)
	envs=(WM_PROJECT_DIR="$RELEASE_DIR" FOAM_ETC="$RELEASE_DIR/etc" FOAM_TUTORIALS="$RELEASE_DIR/tutorials" WM_PROJECT_VERSION="$ver")
fi
env "${envs[@]}" "$bin" lint --format json "$@" "${cases[@]}" >"$out" 2>/dev/null || true
python3 - "$out" "$tut" "$work" <<'PY'
import collections, json, sys
doc = json.load(open(sys.argv[1]))
root = sys.argv[2].rstrip('/') + '/'
work = sys.argv[3].rstrip('/') + '/'
cases = doc['cases']
denied = {}
for c in cases:
    ids = sorted({f['id'] for f in c['findings'] if f['severity'] == 'deny' and not f['id'].startswith('FOAM-SEC-')})
    if ids:
        denied[c['case'].replace(root, '').replace(work, '')] = ids
n = len(cases)
print(f"cases {n}, with a non-security deny {len(denied)} ({100.0 * len(denied) / max(n, 1):.1f} %)")
by = collections.Counter(i for ids in denied.values() for i in ids)
for i, k in sorted(by.items(), key=lambda x: (-x[1], x[0])):
    print(f"  {i} {k}")
for c in sorted(denied):
    print(f"  {c}: {' '.join(denied[c])}")
# The code-security denies apart: cases and findings per ID (valid tutorials of the release
# load only its own libraries, so FOAM-SEC-004 should not fire on them).
sec, secf = collections.Counter(), collections.Counter()
for c in cases:
    ids = [f['id'] for f in c['findings'] if f['severity'] == 'deny' and f['id'].startswith('FOAM-SEC-')]
    secf.update(ids)
    sec.update(set(ids))
print(f"cases with a security deny {sum(1 for c in cases if any(f['severity'] == 'deny' and f['id'].startswith('FOAM-SEC-') for f in c['findings']))}")
for i in sorted(sec):
    print(f"  {i} {sec[i]} cases, {secf[i]} findings")
rel = collections.Counter(f['summary'] for c in cases for f in c['findings'] if f['id'] in ('FOAM-REL-001', 'FOAM-REL-002'))
for s, k in sorted(rel.items()):
    print(f"  release finding x{k}: {s}")
PY
rm -rf "$out" "$work"
