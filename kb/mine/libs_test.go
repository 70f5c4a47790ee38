package mine

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestScanLibs: the $(FOAM_LIBBIN) targets of Make/files (one directory below it too), not
// user libraries, plugins or object-only (`wmake libo`) targets; and what etc/caseDicts load.
func TestScanLibs(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("src/finiteVolume/Make/files", "fvMesh.C\n\nLIB = $(FOAM_LIBBIN)/libfiniteVolume\n")
	write("src/Pstream/mpi/Make/files", "UPstream.C\nLIB = $(FOAM_LIBBIN)/$(FOAM_MPI)/libPstream\n")
	write("src/dummyThirdParty/MGridGen/Make/files", "LIB = $(FOAM_LIBBIN)/dummy/libMGridGen\n")
	write("src/OSspecific/POSIX/Make/files", "LIB = $(FOAM_LIBBIN)/libOSspecific\n")
	write("src/OSspecific/POSIX/Allwmake", "#!/bin/sh\ntargetType=libo\nwmake $targetType\n")
	write("applications/modules/fluid/Make/files", "LIB = $(FOAM_LIBBIN)/libfluid\r\n")
	write("applications/solvers/icoFoam/Make/files", "icoFoam.C\nEXE = $(FOAM_APPBIN)/icoFoam\n")
	write("applications/utilities/templates/Make/files", "LIB = $(FOAM_USER_LIBBIN)/libNAME\n")
	write("applications/utilities/paraview/Make/files", "LIB = $(PV_PLUGIN_PATH)/libvtkPVFoam\n")
	write("etc/caseDicts/postProcessing/visualization/runTimePostPro.cfg", "type runTimePostProcessing;\nlibs (\"librunTimePostProcessing.so\");\n")
	write("etc/caseDicts/insitu/catalyst/catalyst.cfg", "    libs    (catalystFoam);\n")
	built, err := builtLibs(root)
	if err != nil {
		t.Fatal(err)
	}
	got, err := scanLibs(root, built)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"libMGridGen.so", "libPstream.so", "libcatalystFoam.so", "libfiniteVolume.so", "libfluid.so", "librunTimePostProcessing.so"}
	if !slices.Equal(got, want) {
		t.Fatalf("scanLibs = %v, want %v", got, want)
	}
}
