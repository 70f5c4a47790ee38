# METADATA
# title: libraries loaded into the solver
# description: "`libs (...)` in controlDict, a function object or fvOptions (and the other *Libs entries, under literal or pattern keywords such as `\"li(b)s\"`) dlopens shared objects found on the library path; libraries that the case's release itself builds (data.kb.vocab.libs, the `LIB = $(FOAM_LIBBIN)/libX` lines of its Make/files) are allowed by bare name, any other name (a user library, one the case ships and a library path leads to) runs code OpenFOAM does not ship and is denied. For a release foamc has no profile of, a library its nearest release lacks is an info finding, not a deny. A library named by a path is FOAM-SEC-007."
# custom:
#   id: FOAM-SEC-004
#   severity: deny
#   fix: Remove the libs entry if the case does not need it; run with --allow-code only after checking that the library is trusted.
#   provenance:
#     - src/OpenFOAM/db/dynamicLibrary/dlLibraryTable/dlLibraryTable.C
#     - src/OSspecific/POSIX/POSIX.C:1668
#   applies_to:
#     releases: [any]
package foamc.rules.security.libs

import data.foamc.lib

# The libraries the case's release builds into $FOAM_LIBBIN (data.kb.vocab.libs, mined from
# its Make/files). The case's own release when foamc has its profile; otherwise the
# nearest release's (FOAM-REL-002), whose list cannot say what the case's release lacks.
shipped := {l | some l in object.get(data.kb.vocab, "libs", [])}

# POSIX.C dlOpen (1668-1701): a bare name gets the lib prefix, and any name the .so
# extension, so `libs (forces)` loads libforces.so. A path into OpenFOAM's library
# directories is judged by its file name; other paths are FOAM-SEC-007's.
canonical(name) := with_so(with_lib(base(name)))

base(name) := b if {
	lib.openfoam_lib_path(name)
	parts := split(name, "/")
	b := parts[count(parts) - 1]
} else := name

with_lib(name) := name if startswith(name, "lib")

else := name if contains(name, "/")

else := concat("", ["lib", name])

with_so(name) := name if endswith(name, ".so")

else := concat("", [name, ".so"])

findings contains f if {
	not data.config.allow_code
	some [file, path, name, loc] in lib.loaded_libs
	not lib.foreign_lib_path(name)
	not canonical(name) in shipped
	f := unshipped(file, path, name, loc)
}

unshipped(file, path, name, loc) := lib.sec_finding(file, path, loc, sprintf("%s loads %s, which OpenFOAM %s does not ship", [file, name, data.kb.version])) if lib.release_profiled

# Without the case's release's list, a library foamc does not know is not denied: the
# release may ship it.
else := object.union(
	lib.sec_finding(file, path, loc, sprintf("%s loads %s, which foamc cannot check: it has no library list of %s", [file, name, lib.judged_release])),
	{"severity": "info", "detail": sprintf("%s is not among the libraries of OpenFOAM %s, the nearest release foamc knows; check that %s ships it or that it is trusted", [canonical(name), data.kb.version, lib.judged_release])},
)
