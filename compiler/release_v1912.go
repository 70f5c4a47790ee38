package compiler

// v1912 is OpenFOAM v1912 as Debian installs it (/usr/share/openfoam): one application per
// solver, and the spelling the compiler emits.
var v1912 = &release{
	Target: "openfoam-v1912",
	Environment: ": \"${WM_PROJECT_DIR:=/usr/share/openfoam}\" \"${FOAM_ETC:=$WM_PROJECT_DIR/etc}\"\nexport WM_PROJECT_DIR FOAM_ETC\n" +
		"run() { log=\"log.$1\"; rm -f \"$log\"; echo \"Running $*\"; \"$@\" > \"$log\" 2>&1 || { tail -n 30 \"$log\"; exit 1; }; }\n",
	Application: func(solver string) string { return solver },
}
