#!/usr/bin/env bash
# restore-links.sh DIR: make the git symbolic links of an OpenFOAM source tarball links again.
# A tarball made from a git tree without core.symlinks (ESI's OpenFOAM-v2506-src) stores each
# link as a file whose whole content is the link's target, without a newline
# (constant/leftSolid/thermophysicalProperties holds `../heater/thermophysicalProperties`).
# Such a file whose target is a relative path to an existing file inside DIR becomes that link,
# so multi-region tutorials read as a checkout does. Prints the number restored.
set -euo pipefail
root=$(realpath "${1:?usage: restore-links.sh DIR}")
n=0
while IFS= read -r -d '' f; do
	[ "$(wc -l <"$f")" -eq 0 ] || continue
	t=$(tr -d '\000' <"$f")
	[ "${#t}" -eq "$(stat -c %s "$f")" ] || continue # a NUL: binary, no link
	[[ $t =~ ^[A-Za-z0-9_.+-]+(/[A-Za-z0-9_.+-]+)+$ ]] || continue
	d=$(dirname "$f")
	[ -f "$d/$t" ] || continue
	r=$(realpath "$d/$t")
	[[ $r == "$root"/* && $r != "$(realpath "$f")" ]] || continue
	ln -sfn "$t" "$f"
	n=$((n + 1))
done < <(find "$root" -type f -size -256c -print0)
echo "restore-links: $n links restored under $root"
