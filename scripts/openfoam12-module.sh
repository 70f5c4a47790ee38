#!/bin/bash
# openfoam12-module.sh OPENFOAM12_DIR TARGET...
# Builds Foundation 12 solver modules, libraries and applications the prebuilt minimal tree
# lacks into that tree, with the commands of ../shared/openfoam/build-openfoam-12-min.sh:
# the wmake tools, the lnInclude directories of what the target includes, then `wmake` at
# -O1 (the prebuilt libraries it links against are used as they are). A TARGET without a
# slash is a solver module (applications/modules/TARGET); one with a slash is a source
# directory of the tree (src/ODE, applications/solvers/foamMultiRun, ...). Dependencies
# first: the targets are built in the order given. The tree must hold the source of
# openfoam-12-min-src.tar.xz beside its binaries (make openfoam12-modules unpacks it there).
# Prints the time of each step.
set -eo pipefail
dir=${1:?usage: $0 OPENFOAM12_DIR TARGET...}
shift
cd "$dir"
set +eu
# shellcheck disable=SC1091
source etc/bashrc
set -e
[ "$WM_PROJECT_DIR" = "$(pwd -P)" ] || { echo "bad WM_PROJECT_DIR $WM_PROJECT_DIR"; exit 1; }
t=$(date +%s)
[ -x wmake/platforms/linux64Gcc/wmkdep ] || (cd wmake/src && nice -n 19 make >/dev/null)
echo "=== wmake tools: $(( $(date +%s) - t )) s"
for m in "$@"; do
    d=$m
    case $m in */*) ;; *) d=applications/modules/$m ;; esac
    t=$(date +%s)
    # The -I directories of the target's Make/options, made as each library's build would.
    for inc in $(sed -n 's/^ *-I\$(\(LIB_SRC\|FOAM_MODULES\))\/\([^ ]*\)\/lnInclude.*/\1 \2/p' "$d/Make/options" | \
            sed 's/^LIB_SRC /src\//; s/^FOAM_MODULES /applications\/modules\//') src/OpenFOAM src/OSspecific/POSIX; do
        wmakeLnInclude -u "$inc" >/dev/null
    done
    echo "=== $m lnInclude: $(( $(date +%s) - t )) s"
    t=$(date +%s)
    WM_CXX_OPT=-O1 nice -n "${NICE_LEVEL:-19}" wmake -j"${WM_NCOMPPROCS:-2}" "$d"
    # What Make/files says it builds must now exist: LIB = $(FOAM_LIBBIN)/libX, EXE = $(FOAM_APPBIN)/X.
    out=$(sed -n 's/^ *\(LIB\|EXE\) *= *//p' "$d/Make/files" | sed "s|\$(FOAM_LIBBIN)|$FOAM_LIBBIN|; s|\$(FOAM_APPBIN)|$FOAM_APPBIN|")
    case $(sed -n 's/^ *\(LIB\|EXE\) *=.*/\1/p' "$d/Make/files") in LIB) out=$out.so ;; esac
    ls "$out" >/dev/null
    echo "=== $m (-O1): $(( $(date +%s) - t )) s"
done
