package fieldplot

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"image"
	"image/color"
	xdraw "image/draw"
	"image/png"
	"io"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/saferead"
)

// The size every field picture is written at: 900x560 pixels at 96 dpi.
const (
	WidthPx, HeightPx = 900, 560
	DPI               = 96
	barWidth          = vg.Length(90)
)

// Options selects what a picture shows.
type Options struct {
	// Time is the time directory drawn; "" or "latest" draws the latest that holds the field.
	Time string
	// Plane slices the mesh; nil slices a 2-D case on its plane (the mid-plane between
	// its empty patches) and a 3-D case on the mid-plane normal to z.
	Plane *Plane
	// Vectors overlays in-plane arrows of a vector field (U) on its own picture.
	Vectors bool
	// Interface is the phase fraction whose 0.5 contour is drawn; "" for none.
	Interface string
	// Marks are points drawn as labelled crosses (a reference value from the literature).
	Marks []Mark
}

// Mark is a point in plane coordinates with a label.
type Mark struct {
	X, Y  float64
	Label string
}

// Picture is a drawn field and what it shows.
type Picture struct {
	Field string `json:"field"`
	// Quantity is what the colours show: the field, or |U| for a vector field.
	Quantity string  `json:"quantity"`
	Units    string  `json:"units"`
	Time     string  `json:"time"`
	Plane    string  `json:"plane"`
	Min      float64 `json:"min"`
	Max      float64 `json:"max"`
	// Cells is the number of cells the plane cuts; Pieces the mesh pieces read (processor
	// directories of a decomposed case, else 1).
	Cells  int `json:"cells"`
	Pieces int `json:"pieces"`
	// Sources are the case-relative files read (the field of the first piece, its mesh).
	Sources []string `json:"sources"`
	// Overlays name what is drawn over the colours (outline, vectors, interface, marks).
	Overlays []string `json:"overlays"`
	PNG      []byte   `json:"-"`
}

// layout: the directories holding the case's results, the case itself or, when the
// processor directories hold a later time (a parallel run not reconstructed), every
// processor<N> (verify judges the same layout, verify/decomposed.go).
func layout(dir string) []string {
	var procs []string
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if n, ok := strings.CutPrefix(e.Name(), "processor"); ok && e.IsDir() {
			if _, err := strconv.Atoi(n); err == nil {
				procs = append(procs, e.Name())
			}
		}
	}
	slices.SortFunc(procs, func(a, b string) int {
		x, _ := strconv.Atoi(a[len("processor"):])
		y, _ := strconv.Atoi(b[len("processor"):])
		return x - y
	})
	if len(procs) == 0 {
		return []string{""}
	}
	root, proc := foamcase.TimeDirs(dir), foamcase.TimeDirs(filepath.Join(dir, procs[0]))
	if len(proc) == 0 || len(root) > 0 && timeOf(root[len(root)-1]) >= timeOf(proc[len(proc)-1]) {
		return []string{""}
	}
	return procs
}

func timeOf(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }

// pickTime is the time to draw: the one asked for, or the latest holding the field.
func pickTime(dir, name, want string) (string, error) {
	times := foamcase.TimeDirs(dir)
	if want != "" && want != "latest" {
		if slices.Contains(times, want) {
			return want, nil
		}
		return "", fmt.Errorf("fieldplot: no time directory %q (have %s)", want, strings.Join(times, " "))
	}
	for i := len(times) - 1; i >= 0; i-- {
		if exists(filepath.Join(dir, times[i], name)) {
			return times[i], nil
		}
	}
	return "", fmt.Errorf("fieldplot: no time directory of %s holds %s", dir, name)
}

func exists(p string) bool {
	_, err := os.Stat(p)
	if err != nil {
		_, err = os.Stat(p + ".gz")
	}
	return err == nil
}

// Fields lists the volume fields (scalar and vector) of the latest time of the case (or
// of opt.Time), in name order.
func Fields(dir, time string) ([]string, string, error) {
	parts := layout(dir)
	rdir := filepath.Join(dir, parts[0])
	times := foamcase.TimeDirs(rdir)
	if len(times) == 0 {
		return nil, "", fmt.Errorf("fieldplot: %s has no time directory", dir)
	}
	t := times[len(times)-1]
	if time != "" && time != "latest" {
		t = time
	}
	ents, err := os.ReadDir(filepath.Join(rdir, t))
	if err != nil {
		return nil, "", fmt.Errorf("fieldplot: %w", err)
	}
	var out []string
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		class := headerClass(filepath.Join(rdir, t, e.Name()))
		if strings.HasPrefix(class, "volScalarField") || strings.HasPrefix(class, "volVectorField") {
			out = append(out, strings.TrimSuffix(e.Name(), ".gz"))
		}
	}
	slices.Sort(out)
	return slices.Compact(out), t, nil
}

// headerClass reads the class of a field file (.gz too) from its first 2 KiB: no full
// parse of a large field to list it.
func headerClass(p string) string {
	// A case's FIFO or device must not block the listing: regular files only.
	f, _, err := saferead.Open(p, saferead.MaxSize)
	if err != nil {
		return ""
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(p, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return ""
		}
		r = z
	}
	buf := make([]byte, 2048)
	n, _ := io.ReadFull(r, buf)
	s := string(buf[:n])
	i := strings.Index(s, "class")
	if i < 0 {
		return ""
	}
	rest := strings.Fields(s[i+len("class"):])
	if len(rest) == 0 {
		return ""
	}
	return strings.TrimSuffix(rest[0], ";")
}

// Slice is a case's mesh cut by a plane, read and cut once for the pictures of several
// fields (of any time: the mesh is constant/polyMesh's).
type Slice struct {
	dir    string
	parts  []string
	pieces []slicedPart
	plane  Plane
}

type slicedPart struct {
	nCells  int
	cuts    []cut
	outline [][2][2]float64
}

// Cut reads the case's mesh (each processor directory's of a decomposed case) and cuts
// it by plane (nil: the plane of a 2-D case, else the z mid-plane).
func Cut(dir string, plane *Plane) (*Slice, error) {
	s := &Slice{dir: dir, parts: layout(dir)}
	var parts []*part
	for _, pd := range s.parts {
		p, err := readPart(filepath.Join(dir, pd))
		if err != nil {
			return nil, err
		}
		parts = append(parts, p)
	}
	if plane == nil {
		plane = defaultPlane(parts[0], func(yield func([3]float64) bool) {
			for _, p := range parts {
				for _, q := range p.points {
					if !yield(q) {
						return
					}
				}
			}
		})
	}
	s.plane = *plane
	n := 0
	for _, p := range parts {
		cuts, outline := slice(p, s.plane)
		s.pieces = append(s.pieces, slicedPart{nCells: p.nCells, cuts: cuts, outline: outline})
		n += len(cuts)
	}
	if n == 0 {
		return nil, fmt.Errorf("fieldplot: plane %s cuts no cell of %s", s.plane, dir)
	}
	return s, nil
}

// Draw draws field name of the case in dir.
func Draw(dir, name string, opt Options) (*Picture, error) {
	s, err := Cut(dir, opt.Plane)
	if err != nil {
		return nil, err
	}
	return s.Draw(name, opt)
}

// Draw draws field name on the slice (opt.Plane is the slice's, not read here).
func (s *Slice) Draw(name string, opt Options) (*Picture, error) {
	t, err := pickTime(filepath.Join(s.dir, s.parts[0]), name, opt.Time)
	if err != nil {
		return nil, err
	}
	pic := &Picture{Field: name, Quantity: name, Time: t, Pieces: len(s.parts), Plane: s.plane.String()}
	pic.Sources = []string{path.Join(s.parts[0], t, name), path.Join(s.parts[0], "constant/polyMesh")}
	sc := scene{plane: s.plane}
	h, v := inPlane(s.plane.Axis)
	for i, pd := range s.parts {
		sp := s.pieces[i]
		f, err := readField(filepath.Join(s.dir, pd, t, name), sp.nCells)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			if f.comps == 3 {
				pic.Quantity = "|" + name + "|"
			}
			pic.Units = units(f.dims)
		}
		for _, k := range sp.cuts {
			sc.polys = append(sc.polys, k.poly)
			if f.comps == 1 {
				sc.vals = append(sc.vals, f.vals[k.cell])
				continue
			}
			x, y, z := f.vals[3*k.cell], f.vals[3*k.cell+1], f.vals[3*k.cell+2]
			sc.vals = append(sc.vals, math.Sqrt(x*x+y*y+z*z))
			if opt.Vectors {
				sc.vecs = append(sc.vecs, [2]float64{f.vals[3*k.cell+h], f.vals[3*k.cell+v]})
			}
		}
		sc.outline = append(sc.outline, sp.outline...)
		if opt.Interface != "" {
			ifc, err := readField(filepath.Join(s.dir, pd, t, opt.Interface), sp.nCells)
			if err != nil {
				return nil, err
			}
			sc.contour = append(sc.contour, contour(sp.cuts, ifc.vals, 0.5)...)
		}
	}
	pic.Cells = len(sc.polys)
	pic.Min, pic.Max = math.Inf(1), math.Inf(-1)
	for _, v := range sc.vals {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			pic.Min, pic.Max = math.Min(pic.Min, v), math.Max(pic.Max, v)
		}
	}
	if math.IsInf(pic.Min, 1) {
		return nil, fmt.Errorf("fieldplot: %s has no finite value on plane %s", name, s.plane)
	}
	pic.Overlays = []string{"mesh boundary outline"}
	if len(sc.vecs) > 0 {
		pic.Overlays = append(pic.Overlays, "in-plane velocity arrows")
	}
	if opt.Interface != "" {
		pic.Overlays = append(pic.Overlays, opt.Interface+" = 0.5 interface (black line)")
	}
	for _, m := range opt.Marks {
		pic.Overlays = append(pic.Overlays, fmt.Sprintf("mark %q at (%g, %g)", m.Label, m.X, m.Y))
	}
	sc.marks = opt.Marks
	title := fmt.Sprintf("%s [%s] at t = %s, plane %s", pic.Quantity, pic.Units, t, pic.Plane)
	if pic.PNG, err = sc.render(title, pic.Min, pic.Max, pic.Units); err != nil {
		return nil, err
	}
	return pic, nil
}

// defaultPlane is the mid-plane between the empty patches of a 2-D case, else the
// mid-plane normal to z.
func defaultPlane(p *part, pts func(func([3]float64) bool)) *Plane {
	ax := emptyAxis(p)
	if ax < 0 {
		ax = 2
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for q := range pts {
		lo, hi = math.Min(lo, q[ax]), math.Max(hi, q[ax])
	}
	return &Plane{Axis: ax, At: (lo + hi) / 2}
}

// contour is the level-iso line of a cell field over the cut cells: each cut polygon is
// split into triangles from its centroid (the cell's value) to its edges' vertices (the
// mean value of the cells sharing that mesh edge), and each triangle crossed by the
// level contributes the segment linear interpolation puts there.
func contour(cuts []cut, vals []float64, level float64) [][2][2]float64 {
	sum, n := map[edgeKey]float64{}, map[edgeKey]int{}
	for _, k := range cuts {
		for _, e := range k.edges {
			sum[e] += vals[k.cell]
			n[e]++
		}
	}
	var segs [][2][2]float64
	for _, k := range cuts {
		var c [2]float64
		for _, q := range k.poly {
			c[0], c[1] = c[0]+q[0], c[1]+q[1]
		}
		c[0], c[1] = c[0]/float64(len(k.poly)), c[1]/float64(len(k.poly))
		cv := vals[k.cell]
		for i := range k.poly {
			j := (i + 1) % len(k.poly)
			tri := [3][2]float64{c, k.poly[i], k.poly[j]}
			tv := [3]float64{cv, sum[k.edges[i]] / float64(n[k.edges[i]]), sum[k.edges[j]] / float64(n[k.edges[j]])}
			var pts [][2]float64
			for a := range 3 {
				b := (a + 1) % 3
				if (tv[a] >= level) != (tv[b] >= level) {
					t := (level - tv[a]) / (tv[b] - tv[a])
					pts = append(pts, [2]float64{tri[a][0] + t*(tri[b][0]-tri[a][0]), tri[a][1] + t*(tri[b][1]-tri[a][1])})
				}
			}
			if len(pts) == 2 {
				segs = append(segs, [2][2]float64{pts[0], pts[1]})
			}
		}
	}
	return segs
}

// scene is what a picture draws, in plane coordinates.
type scene struct {
	plane   Plane
	polys   [][][2]float64
	vals    []float64
	vecs    [][2]float64 // per polygon, when arrows are drawn
	outline [][2][2]float64
	contour [][2][2]float64
	marks   []Mark
}

func (s *scene) bounds() (x0, x1, y0, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range s.polys {
		for _, q := range p {
			x0, x1 = math.Min(x0, q[0]), math.Max(x1, q[0])
			y0, y1 = math.Min(y0, q[1]), math.Max(y1, q[1])
		}
	}
	return
}

// colorMap is ParaView's default "Cool to Warm" (Moreland's smooth diverging map).
func colorMap(lo, hi float64) palette.ColorMap {
	cm := moreland.SmoothBlueRed()
	if !(hi > lo) {
		d := math.Max(math.Abs(lo)*1e-6, 1e-12)
		lo, hi = lo-d, hi+d
	}
	cm.SetMin(lo)
	cm.SetMax(hi)
	return cm
}

func (s *scene) render(title string, lo, hi float64, unit string) ([]byte, error) {
	cm := colorMap(lo, hi)
	h, v := inPlane(s.plane.Axis)
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = axisNames[h] + " (m)"
	p.Y.Label.Text = axisNames[v] + " (m)"
	x0, x1, y0, y1 := s.bounds()
	w, ht := vg.Length(WidthPx*72/DPI), vg.Length(HeightPx*72/DPI)
	c := vgimg.NewWith(vgimg.UseWH(w, ht), vgimg.UseDPI(DPI))
	dc := draw.New(c)
	// White background: the pixels outside the mesh stay transparent in the raster.
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	main := draw.Crop(dc, 0, -barWidth, 0, 0)
	// Equal scales on both axes: widen the range whose scale is finer, twice (the
	// tick labels, hence the data area, may change with the range).
	cx, cy := (x0+x1)/2, (y0+y1)/2
	rx, ry := (x1-x0)*1.02, (y1-y0)*1.02
	for range 2 {
		p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = cx-rx/2, cx+rx/2, cy-ry/2, cy+ry/2
		da := p.DataCanvas(main)
		sw, sh := float64(da.Max.X-da.Min.X), float64(da.Max.Y-da.Min.Y)
		if sw/rx > sh/ry {
			rx = ry * sw / sh
		} else {
			ry = rx * sh / sw
		}
	}
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = cx-rx/2, cx+rx/2, cy-ry/2, cy+ry/2
	da := p.DataCanvas(main)
	pw := int(math.Round(float64(da.Max.X-da.Min.X) * DPI / 72))
	ph := int(math.Round(float64(da.Max.Y-da.Min.Y) * DPI / 72))
	img, ids := s.raster(pw, ph, p.X.Min, p.X.Max, p.Y.Min, p.Y.Max, cm)
	// The axes first, then the raster copied pixel for pixel into the data area (no
	// resampling), then the overlays on top, as plot.Draw would call them.
	p.Draw(main)
	dpi := float64(DPI) / 72
	x0px, y0px := int(math.Round(float64(da.Min.X)*dpi)), HeightPx-int(math.Round(float64(da.Max.Y)*dpi))
	xdraw.Draw(c.Image(), image.Rect(x0px, y0px, x0px+pw, y0px+ph), img, image.Point{}, xdraw.Over)
	var over []plot.Plotter
	if len(s.vecs) > 0 {
		over = append(over, s.arrows(ids, pw, ph, p.X.Min, p.X.Max, p.Y.Min, p.Y.Max))
	}
	over = append(over, &segments{segs: s.outline, style: draw.LineStyle{Color: color.Black, Width: vg.Points(1.2)}})
	if len(s.contour) > 0 {
		over = append(over, &segments{segs: s.contour, style: draw.LineStyle{Color: color.Black, Width: vg.Points(2)}})
	}
	if len(s.marks) > 0 {
		over = append(over, &marks{marks: s.marks})
	}
	for _, o := range over {
		o.Plot(da, p)
	}

	bar := plot.New()
	bar.HideX()
	bar.Y.Label.Text = unit
	bar.Add(&plotter.ColorBar{ColorMap: cm, Vertical: true})
	barArea := draw.Crop(dc, w-barWidth+vg.Points(20), 0, da.Min.Y-dc.Min.Y, da.Max.Y-dc.Max.Y)
	bar.Draw(barArea)

	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, c.Image()); err != nil {
		return nil, fmt.Errorf("fieldplot: encode png: %w", err)
	}
	return b.Bytes(), nil
}

// raster fills each polygon's pixels (centres inside it, rows by scanline) with its
// value's colour, in polygon order; ids keeps the polygon of each pixel (-1 outside).
func (s *scene) raster(w, h int, x0, x1, y0, y1 float64, cm palette.ColorMap) (*image.NRGBA, []int32) {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	ids := make([]int32, w*h)
	for i := range ids {
		ids[i] = -1
	}
	dx, dy := (x1-x0)/float64(w), (y1-y0)/float64(h)
	// A 1024-entry table of the map: finer than 8-bit colour can tell, and each cell's
	// colour is a lookup instead of a colour-space conversion.
	const levels = 1024
	lut := make([]color.NRGBA, levels)
	lo, hi := cm.Min(), cm.Max()
	for i := range lut {
		c, err := cm.At(lo + (hi-lo)*float64(i)/(levels-1))
		if err != nil {
			c = color.Gray{128}
		}
		lut[i] = color.NRGBAModel.Convert(c).(color.NRGBA)
	}
	cols := make([]color.NRGBA, len(s.vals))
	for i, v := range s.vals {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			cols[i] = color.NRGBA{128, 128, 128, 255} // non-finite: grey
			continue
		}
		cols[i] = lut[int(math.Round(math.Min(math.Max((v-lo)/(hi-lo), 0), 1)*(levels-1)))]
	}
	for pi, poly := range s.polys {
		py0, py1 := math.Inf(1), math.Inf(-1)
		for _, q := range poly {
			py0, py1 = math.Min(py0, q[1]), math.Max(py1, q[1])
		}
		// Row j's centre is at y1 - (j+0.5)*dy.
		j0 := max(int(math.Floor((y1-py1)/dy-0.5)), 0)
		j1 := min(int(math.Ceil((y1-py0)/dy-0.5)), h-1)
		for j := j0; j <= j1; j++ {
			yc := y1 - (float64(j)+0.5)*dy
			xl, xr := math.Inf(1), math.Inf(-1)
			for k := range poly {
				a, b := poly[k], poly[(k+1)%len(poly)]
				if (a[1] <= yc) == (b[1] <= yc) && a[1] != yc {
					continue
				}
				var x float64
				if a[1] == b[1] {
					xl, xr = math.Min(xl, math.Min(a[0], b[0])), math.Max(xr, math.Max(a[0], b[0]))
					continue
				}
				x = a[0] + (yc-a[1])/(b[1]-a[1])*(b[0]-a[0])
				xl, xr = math.Min(xl, x), math.Max(xr, x)
			}
			if xl > xr {
				continue
			}
			i0 := max(int(math.Ceil((xl-x0)/dx-0.5)), 0)
			i1 := min(int(math.Floor((xr-x0)/dx-0.5)), w-1)
			for i := i0; i <= i1; i++ {
				ids[j*w+i] = int32(pi)
				img.SetNRGBA(i, j, cols[pi])
			}
		}
	}
	return img, ids
}

// arrows samples the in-plane velocity on a regular grid of pixels (every 32 px),
// scaled so the largest sampled arrow is 90 % of the grid spacing.
func (s *scene) arrows(ids []int32, w, h int, x0, x1, y0, y1 float64) *arrowSet {
	const step = 32
	dx, dy := (x1-x0)/float64(w), (y1-y0)/float64(h)
	a := &arrowSet{}
	var big float64
	for j := step / 2; j < h; j += step {
		for i := step / 2; i < w; i += step {
			id := ids[j*w+i]
			if id < 0 {
				continue
			}
			u := s.vecs[id]
			a.at = append(a.at, [2]float64{x0 + (float64(i)+0.5)*dx, y1 - (float64(j)+0.5)*dy})
			a.u = append(a.u, u)
			big = math.Max(big, math.Hypot(u[0], u[1]))
		}
	}
	if big > 0 {
		a.scale = 0.9 * step * dx / big
	}
	return a
}

// segments draws line segments in data coordinates.
type segments struct {
	segs  [][2][2]float64
	style draw.LineStyle
}

func (s *segments) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	for _, g := range s.segs {
		c.StrokeLine2(s.style, tx(g[0][0]), ty(g[0][1]), tx(g[1][0]), ty(g[1][1]))
	}
}

// arrowSet draws arrows from points; scale turns a velocity into a data length.
type arrowSet struct {
	at, u [][2]float64
	scale float64
}

func (a *arrowSet) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	sty := draw.LineStyle{Color: color.Black, Width: vg.Points(0.7)}
	for i, q := range a.at {
		ex, ey := q[0]+a.u[i][0]*a.scale, q[1]+a.u[i][1]*a.scale
		X0, Y0, X1, Y1 := tx(q[0]), ty(q[1]), tx(ex), ty(ey)
		L := math.Hypot(float64(X1-X0), float64(Y1-Y0))
		if L < 0.5 {
			continue
		}
		c.StrokeLine2(sty, X0, Y0, X1, Y1)
		// The head: two strokes at ±25° back from the tip, a third of the length (≤ 4 pt).
		hl := math.Min(L/3, 4)
		ang := math.Atan2(float64(Y1-Y0), float64(X1-X0))
		for _, d := range []float64{math.Pi - 0.44, math.Pi + 0.44} {
			c.StrokeLine2(sty, X1, Y1, X1+vg.Length(hl*math.Cos(ang+d)), Y1+vg.Length(hl*math.Sin(ang+d)))
		}
	}
}

// marks draws labelled crosses.
type marks struct{ marks []Mark }

func (m *marks) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	sty := draw.LineStyle{Color: color.RGBA{0, 160, 0, 255}, Width: vg.Points(2)}
	txt := draw.TextStyle{Color: sty.Color, Font: p.X.Label.TextStyle.Font, Handler: p.X.Label.TextStyle.Handler}
	for _, k := range m.marks {
		X, Y := tx(k.X), ty(k.Y)
		r := vg.Points(6)
		c.StrokeLine2(sty, X-r, Y-r, X+r, Y+r)
		c.StrokeLine2(sty, X-r, Y+r, X+r, Y-r)
		c.FillText(txt, vg.Point{X: X + r + 2, Y: Y - r}, k.Label)
	}
}
