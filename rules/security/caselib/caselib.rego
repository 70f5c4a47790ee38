# METADATA
# title: libraries loaded from the case or a path outside OpenFOAM
# description: "A libs entry (or dynamicFvMeshLibs, motionSolverLibs, ...) that names a library by path — inside the case (a relative path, $FOAM_CASE, <case>), in a home directory, or anywhere outside OpenFOAM's library directories — makes the solver dlopen that file: its constructors run native code shipped with the case before the first time step."
# custom:
#   id: FOAM-SEC-007
#   severity: deny
#   fix: Remove the entry, or build the library from source you trust into $FOAM_USER_LIBBIN and name it without a path; run with --allow-code only after reviewing the library.
#   provenance:
#     - src/OpenFOAM/db/dynamicLibrary/dlLibraryTable/dlLibraryTable.C:47
#     - src/OSspecific/POSIX/POSIX.C:1668
#   applies_to:
#     releases: [any]
package foamc.rules.security.caselib

import data.foamc.lib

findings contains f if {
	not data.config.allow_code
	some [file, path, name, loc] in lib.loaded_libs
	lib.foreign_lib_path(name)
	f := lib.sec_finding(
		file, path, loc,
		sprintf("%s makes the solver load the native library %s, which OpenFOAM does not ship: its code runs when the case starts", [file, name]),
	)
}
