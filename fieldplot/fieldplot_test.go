package fieldplot

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// cavityRun is the v1912 icoFoam cavity tutorial (20 x 20 cells, t = 0 .. 0.5) meshed
// and solved by the real binaries with the given writeFormat and writeCompression.
func cavityRun(t *testing.T, format, compression string) string {
	t.Helper()
	dir := foamtest.CavityMesh(t, format, compression)
	foam(t, dir, "icoFoam")
	return dir
}

func foam(t *testing.T, dir, app string, args ...string) {
	t.Helper()
	cmd := exec.Command(foamtest.RequireBinary(t, app), append([]string{"-case", dir}, args...)...)
	cmd.Env = foamtest.Env()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", app, err, out)
	}
	if err := os.WriteFile(filepath.Join(dir, "log."+app), out, 0o644); err != nil {
		t.Fatal(err)
	}
}

func drawPic(t *testing.T, dir, field string, opt Options) *Picture {
	t.Helper()
	p, err := Draw(dir, field, opt)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func decode(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if s := img.Bounds().Size(); s.X != WidthPx || s.Y != HeightPx {
		t.Fatalf("picture is %v, want %dx%d", s, WidthPx, HeightPx)
	}
	return img
}

// TestCavityFormats: the same run written ASCII, binary and binary gzip-compressed
// gives the same picture content (every cell of the 2-D plane, the same range), the
// lid's velocity shows as the top of the colour range, and drawing twice gives the same
// bytes. Decomposed into four processor directories and not reconstructed, the picture
// is drawn from the four pieces with the same cells and range.
func TestCavityFormats(t *testing.T) {
	ascii := cavityRun(t, "ascii", "off")
	u := drawPic(t, ascii, "U", Options{Vectors: true})
	if u.Time != "0.5" || u.Plane != "z=0.005" || u.Cells != 400 || u.Units != "m/s" || u.Quantity != "|U|" || u.Pieces != 1 {
		t.Errorf("ascii U: %v", u)
	}
	if u.Min < 0 || u.Max < 0.5 || u.Max > 1 {
		t.Errorf("cavity |U| range [%g, %g]: the lid moves at 1 m/s", u.Min, u.Max)
	}
	if again := drawPic(t, ascii, "U", Options{Vectors: true}); !bytes.Equal(again.PNG, u.PNG) {
		t.Error("the same case drew two different PNGs")
	}
	img := decode(t, u.PNG)
	// The top cell row (under the lid) is the fastest: red at the top of the coloured
	// area, blue at its bottom (ParaView's Cool to Warm).
	if top, bottom := columnEnds(img); !(top[0] > top[2] && bottom[2] > bottom[0]) {
		t.Errorf("colours near the lid %v and the bottom %v: want warm over cool", top, bottom)
	}
	p := drawPic(t, ascii, "p", Options{})
	if p.Units != "m²/s²" || p.Quantity != "p" || p.Cells != 400 {
		t.Errorf("ascii p: %v", p)
	}

	// v1912 writes binary files uncompressed even with writeCompression on (measured:
	// no .gz in 0.5/ nor constant/polyMesh/), so the compressed case is the ASCII run
	// gzipped, as foamListTimes and every OpenFOAM reader accept it.
	gz := filepath.Join(t.TempDir(), "gz")
	if err := os.CopyFS(gz, os.DirFS(ascii)); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"0.5/U", "0.5/phi", "constant/polyMesh/points", "constant/polyMesh/faces", "constant/polyMesh/owner", "constant/polyMesh/neighbour"} {
		gzipFile(t, filepath.Join(gz, f))
	}
	// Listed from their headers, gzipped or not: the volume fields, not the flux phi.
	if fields, tm, err := Fields(gz, ""); err != nil || tm != "0.5" || strings.Join(fields, " ") != "U p" {
		t.Errorf("Fields of the gzipped case: %v at %q, %v", fields, tm, err)
	}
	for _, dir := range []string{cavityRun(t, "binary", "off"), gz} {
		b := drawPic(t, dir, "U", Options{Vectors: true})
		if b.Cells != u.Cells || math.Abs(b.Max-u.Max) > 1e-5 || math.Abs(b.Min-u.Min) > 1e-5 {
			t.Errorf("%s: %d cells, range [%g, %g]; ascii: %d, [%g, %g]", dir, b.Cells, b.Min, b.Max, u.Cells, u.Min, u.Max)
		}
		decode(t, b.PNG)
	}

	// Decomposed: the processor directories hold the latest time, the case does not.
	dict := "FoamFile { version 2.0; format ascii; class dictionary; object decomposeParDict; }\nnumberOfSubdomains 4;\nmethod simple;\nsimpleCoeffs { n (2 2 1); delta 0.001; }\n"
	if err := os.WriteFile(filepath.Join(ascii, "system", "decomposeParDict"), []byte(dict), 0o644); err != nil {
		t.Fatal(err)
	}
	foam(t, ascii, "decomposePar", "-latestTime") // v1912 decomposes only the first time by default
	for _, td := range []string{"0.1", "0.2", "0.3", "0.4", "0.5"} {
		if err := os.RemoveAll(filepath.Join(ascii, td)); err != nil {
			t.Fatal(err)
		}
	}
	d := drawPic(t, ascii, "U", Options{Vectors: true})
	if d.Pieces != 4 || d.Cells != 400 || d.Time != "0.5" || d.Min != u.Min || d.Max != u.Max {
		t.Errorf("decomposed: %v; reconstructed: %d cells [%g, %g]", d, u.Cells, u.Min, u.Max)
	}
	if !strings.HasPrefix(d.Sources[0], "processor0/0.5/U") {
		t.Errorf("decomposed sources %v", d.Sources)
	}
	decode(t, d.PNG)
}

// columnEnds are the first and last coloured pixels (not grey, white or black) of the
// picture's column at a third of its width, from the top.
func columnEnds(img image.Image) (top, bottom [3]uint32) {
	b := img.Bounds()
	x := b.Min.X + b.Dx()/3
	first := true
	for y := b.Min.Y; y < b.Max.Y; y++ {
		r, g, bl, _ := img.At(x, y).RGBA()
		c := [3]uint32{r >> 8, g >> 8, bl >> 8}
		if max(c[0], c[1], c[2])-min(c[0], c[1], c[2]) < 40 {
			continue
		}
		if first {
			top, first = c, false
		}
		bottom = c
	}
	return top, bottom
}

// greenPixels counts the pixels of the marks' green.
func greenPixels(img image.Image) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if g>>8 > 120 && r>>8 < 60 && bl>>8 < 60 {
				n++
			}
		}
	}
	return n
}

func gzipFile(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write(b)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path+".gz", z.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
}

// TestNamedPlane: a plane normal to x through the cavity cuts one column of 20 cells
// and is drawn in (y, z); a plane outside the mesh is an error.
func TestNamedPlane(t *testing.T) {
	dir := cavityRun(t, "ascii", "off")
	pl, err := ParsePlane("x=0.0512")
	if err != nil {
		t.Fatal(err)
	}
	p := drawPic(t, dir, "p", Options{Plane: &pl, Time: "0.3"})
	if p.Cells != 20 || p.Plane != "x=0.0512" || p.Time != "0.3" {
		t.Errorf("%v", p)
	}
	out := Plane{Axis: 0, At: 2}
	if _, err := Draw(dir, "p", Options{Plane: &out}); err == nil || !strings.Contains(err.Error(), "cuts no cell") {
		t.Errorf("plane outside the mesh: %v", err)
	}
	// A mark is drawn where it is: green pixels around its point, named in the overlays.
	mk, err := ParseMark("0.05, 0.05, centre")
	if err != nil {
		t.Fatal(err)
	}
	m := drawPic(t, dir, "p", Options{Marks: []Mark{mk}})
	if !strings.Contains(strings.Join(m.Overlays, ";"), `mark "centre" at (0.05, 0.05)`) {
		t.Errorf("overlays %v", m.Overlays)
	}
	if n := greenPixels(decode(t, m.PNG)); n < 20 {
		t.Errorf("%d green pixels: the mark is not drawn", n)
	}
	if n := greenPixels(decode(t, p.PNG)); n != 0 {
		t.Errorf("%d green pixels without a mark", n)
	}
	for _, bad := range []string{"1,2", "a,b,c", "1,nan,x"} {
		if _, err := ParseMark(bad); err == nil {
			t.Errorf("ParseMark(%q) accepted", bad)
		}
	}
	for _, bad := range []string{"w=1", "x", "x=abc", "xy=1", "z=nan"} {
		if _, err := ParsePlane(bad); err == nil {
			t.Errorf("ParsePlane(%q) accepted", bad)
		}
	}
	if _, err := Draw(dir, "p", Options{Time: "7"}); err == nil {
		t.Error("a time the case does not have was drawn")
	}
}

// TestInterfaceContour: a phase fraction that is 1 inside a circle of radius 0.03
// around the cavity's centre and 0 outside gives a closed 0.5 contour within a cell of
// that circle whose length is its circumference within 10 %.
func TestInterfaceContour(t *testing.T) {
	dir := foamtest.CavityMesh(t, "ascii", "off")
	p, err := readPart(dir)
	if err != nil {
		t.Fatal(err)
	}
	cuts, outline := slice(p, Plane{Axis: 2, At: 0.005})
	if len(cuts) != 400 || len(outline) != 80 {
		t.Fatalf("%d cut cells, %d outline segments; want 400 and 80 (20 faces per side)", len(cuts), len(outline))
	}
	const r, h = 0.03, 0.005
	alpha := make([]float64, p.nCells)
	var b strings.Builder
	for _, k := range cuts {
		var cx, cy float64
		for _, q := range k.poly {
			cx, cy = cx+q[0]/float64(len(k.poly)), cy+q[1]/float64(len(k.poly))
		}
		if math.Hypot(cx-0.05, cy-0.05) < r {
			alpha[k.cell] = 1
		}
	}
	segs := contour(cuts, alpha, 0.5)
	var length float64
	for _, s := range segs {
		for _, q := range s {
			if d := math.Hypot(q[0]-0.05, q[1]-0.05); math.Abs(d-r) > h {
				t.Errorf("contour point %v at %g from the centre, want %g +- %g", q, d, r, h)
			}
		}
		length += math.Hypot(s[1][0]-s[0][0], s[1][1]-s[0][1])
	}
	if want := 2 * math.Pi * r; math.Abs(length-want) > 0.1*want {
		t.Errorf("contour length %g, want %g within 10%%", length, want)
	}
	// The same field written as a file draws with the contour named.
	fmt.Fprintf(&b, "FoamFile { version 2.0; format ascii; class volScalarField; object alpha.water; }\ndimensions [0 0 0 0 0 0 0];\ninternalField nonuniform List<scalar> %d(", len(alpha))
	for _, a := range alpha {
		fmt.Fprintf(&b, "%g\n", a)
	}
	b.WriteString(");\nboundaryField { \".*\" { type zeroGradient; } frontAndBack { type empty; } }\n")
	if err := os.MkdirAll(filepath.Join(dir, "0.1"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "0.1", "alpha.water"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	pic := drawPic(t, dir, "alpha.water", Options{Interface: "alpha.water"})
	if pic.Units != "1" || pic.Min != 0 || pic.Max != 1 || !strings.Contains(strings.Join(pic.Overlays, ";"), "alpha.water = 0.5 interface") {
		t.Errorf("%v", pic)
	}
	fields, tm, err := Fields(dir, "")
	if err != nil || tm != "0.1" || strings.Join(fields, " ") != "alpha.water" {
		t.Errorf("Fields: %v %q %v", fields, tm, err)
	}
}

// String leaves out the PNG bytes from test messages.
func (p *Picture) String() string {
	return fmt.Sprintf("%s [%s] t=%s %s cells=%d pieces=%d range [%g, %g] sources %v overlays %v", p.Quantity, p.Units, p.Time, p.Plane, p.Cells, p.Pieces, p.Min, p.Max, p.Sources, p.Overlays)
}

func TestUnits(t *testing.T) {
	for _, c := range []struct {
		dims []float64
		want string
	}{
		{[]float64{1, -1, -2, 0, 0, 0, 0}, "Pa"},
		{[]float64{0, 1, -1, 0, 0, 0, 0}, "m/s"},
		{[]float64{0, 1, -1, 0, 0}, "m/s"},
		{[]float64{0, 0, 0, 0, 0, 0, 0}, "1"},
		{[]float64{1, 2, -3, 0, 0, 0, 0}, "kg m^2 s^-3"},
		{nil, "?"},
	} {
		if got := units(c.dims); got != c.want {
			t.Errorf("units(%v) = %q, want %q", c.dims, got, c.want)
		}
	}
}

// BenchmarkDraw100k: the picture of U with arrows on the cavity meshed 316 x 316
// (99 856 cells) and run 5 time steps by icoFoam.
func BenchmarkDraw100k(b *testing.B) {
	dir := foamtest.CavityRun(b, 316, 5)
	for b.Loop() {
		p, err := Draw(dir, "U", Options{Vectors: true})
		if err != nil {
			b.Fatal(err)
		}
		if p.Cells != 99856 {
			b.Fatalf("%d cells", p.Cells)
		}
	}
}

// TestDamBreakInterface: the v1912 damBreak tutorial (interFoam) meshed, set up by
// setFields and run 0.01 s: the alpha.water = 0.5 contour follows the water column of
// setFieldsDict (x < 0.1461, y < 0.292) within a cell, along its two free sides, and the
// picture names it; the column has barely moved in 0.01 s.
func TestDamBreakInterface(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "damBreak")
	src := filepath.Join(foamtest.Tutorials(t), "multiphase", "interFoam", "laminar", "damBreak", "damBreak")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	cd := filepath.Join(dir, "system", "controlDict")
	b, err := os.ReadFile(cd)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(strings.Replace(string(b), "endTime         1;", "endTime         0.01;", 1), "writeInterval   0.05;", "writeInterval   0.01;", 1)
	if s == string(b) {
		t.Fatal("controlDict: endTime/writeInterval lines not found")
	}
	if err := os.WriteFile(cd, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, app := range []string{"blockMesh", "setFields", "interFoam"} {
		foam(t, dir, app)
	}
	sl, err := Cut(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	pic, err := sl.Draw("alpha.water", Options{Interface: "alpha.water"})
	if err != nil {
		t.Fatal(err)
	}
	if pic.Time != "0.01" || pic.Cells != 2268 || pic.Plane != "z=0.0073" || !strings.Contains(strings.Join(pic.Overlays, ";"), "alpha.water = 0.5 interface") {
		t.Errorf("%v", pic)
	}
	f, err := readField(filepath.Join(dir, "0.01", "alpha.water"), sl.pieces[0].nCells)
	if err != nil {
		t.Fatal(err)
	}
	const x0, y0, h = 0.1461, 0.292, 0.0146 // the column's corner; a cell is 0.0127-0.0146 wide
	var top, side float64
	for _, g := range contour(sl.pieces[0].cuts, f.vals, 0.5) {
		for _, q := range g {
			dx, dy := math.Abs(q[0]-x0), math.Abs(q[1]-y0)
			if !(dx < h && q[1] < y0+h || dy < h && q[0] < x0+h) {
				t.Fatalf("contour point %v is more than a cell from the column's free sides", q)
			}
		}
		l := math.Hypot(g[1][0]-g[0][0], g[1][1]-g[0][1])
		if math.Abs(g[0][1]-y0) < h && math.Abs(g[1][1]-y0) < h {
			top += l
		} else {
			side += l
		}
	}
	t.Logf("interface along the top %.4f m, along the side %.4f m", top, side)
	// The top runs from the left wall to the corner, the side from the corner to the floor.
	if math.Abs(top-x0) > 2*h || math.Abs(side-y0) > 2*h {
		t.Errorf("contour along the top %.4f m (column %.4f), along the side %.4f m (column %.4f)", top, x0, side, y0)
	}
}
