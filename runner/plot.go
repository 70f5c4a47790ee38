package runner

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
)

// WritePlot draws the initial residual of every solved component against
// time on a log scale and writes a PNG. Only the standard library is used:
// lines, axes and a small bitmap font are drawn by hand.
func WritePlot(path string, steps []Step, title string) error {
	img := PlotResiduals(steps, title)
	fh, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("runner: plot: %w", err)
	}
	if err := png.Encode(fh, img); err != nil {
		fh.Close()
		return fmt.Errorf("runner: plot: %w", err)
	}
	return fh.Close()
}

var palette = []color.RGBA{
	{31, 119, 180, 255}, {255, 127, 14, 255}, {44, 160, 44, 255}, {214, 39, 40, 255},
	{148, 103, 189, 255}, {140, 86, 75, 255}, {227, 119, 194, 255}, {127, 127, 127, 255},
	{188, 189, 34, 255}, {23, 190, 207, 255},
}

// PlotResiduals renders the residual history.
func PlotResiduals(steps []Step, title string) *image.RGBA {
	const W, H = 900, 540
	const left, right, top, bottom = 80, 150, 40, 50
	img := image.NewRGBA(image.Rect(0, 0, W, H))
	fill(img, img.Bounds(), color.RGBA{255, 255, 255, 255})

	fieldSet := map[string]bool{}
	lo, hi := math.Inf(1), math.Inf(-1)
	t0, t1 := math.Inf(1), math.Inf(-1)
	for _, s := range steps {
		for f, v := range s.Residuals {
			fieldSet[f] = true
			if v > 0 && !math.IsInf(v, 0) && !math.IsNaN(v) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
		if len(s.Residuals) > 0 {
			t0, t1 = math.Min(t0, s.Time), math.Max(t1, s.Time)
		}
	}
	fields := make([]string, 0, len(fieldSet))
	for f := range fieldSet {
		fields = append(fields, f)
	}
	sort.Strings(fields)
	if math.IsInf(lo, 1) {
		lo, hi = 1e-6, 1
	}
	dLo, dHi := math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	if dHi <= dLo {
		dHi = dLo + 1
	}
	if !(t1 > t0) {
		t0, t1 = t0-0.5, t0+0.5
		if math.IsInf(t0, 0) {
			t0, t1 = 0, 1
		}
	}
	pw, ph := W-left-right, H-top-bottom
	xOf := func(t float64) int { return left + int(math.Round((t-t0)/(t1-t0)*float64(pw))) }
	yOf := func(v float64) int {
		return top + int(math.Round((dHi-math.Log10(v))/(dHi-dLo)*float64(ph)))
	}
	black := color.RGBA{0, 0, 0, 255}
	grid := color.RGBA{225, 225, 225, 255}
	for d := dLo; d <= dHi; d++ {
		y := yOf(math.Pow(10, d))
		line(img, left, y, left+pw, y, grid)
		text(img, left-8-textWidth(decade(d)), y-5, decade(d), black)
	}
	for _, t := range niceTicks(t0, t1, 6) {
		x := xOf(t)
		line(img, x, top, x, top+ph, grid)
		lbl := strconv.FormatFloat(t, 'g', 4, 64)
		text(img, x-textWidth(lbl)/2, top+ph+8, lbl, black)
	}
	line(img, left, top, left, top+ph, black)
	line(img, left, top+ph, left+pw, top+ph, black)
	text(img, left+pw/2-textWidth("TIME")/2, H-18, "TIME", black)
	text(img, 8, top-24, "INITIAL RESIDUAL", black)
	text(img, left+pw/2-textWidth(title)/2, 10, title, black)

	for i, f := range fields {
		c := palette[i%len(palette)]
		px, py, have := 0, 0, false
		for _, s := range steps {
			v, ok := s.Residuals[f]
			if !ok || !(v > 0) || math.IsInf(v, 0) {
				have = false
				continue
			}
			x, y := xOf(s.Time), yOf(v)
			if have {
				thick(img, px, py, x, y, c)
			} else {
				fill(img, image.Rect(x-1, y-1, x+2, y+2), c)
			}
			px, py, have = x, y, true
		}
		ly := top + 10 + i*22
		thick(img, left+pw+15, ly+5, left+pw+45, ly+5, c)
		text(img, left+pw+52, ly, f, black)
	}
	return img
}

// niceTicks returns about n round tick values (1, 2 or 5 times a power of
// ten apart) inside [lo, hi].
func niceTicks(lo, hi float64, n int) []float64 {
	raw := (hi - lo) / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	var out []float64
	for k := math.Ceil(lo/step - 1e-9); k*step <= hi+step*1e-9; k++ {
		// Round-trip through 12 digits so 3*0.1 is 0.3.
		v, _ := strconv.ParseFloat(strconv.FormatFloat(k*step, 'g', 12, 64), 64)
		out = append(out, v)
	}
	return out
}

func decade(d float64) string { return "1E" + strconv.Itoa(int(d)) }

func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetRGBA(x, y, c)
		}
	}
}

// line draws with Bresenham's algorithm.
func line(img *image.RGBA, x0, y0, x1, y1 int, c color.RGBA) {
	dx, dy := abs(x1-x0), -abs(y1-y0)
	sx, sy := sign(x1-x0), sign(y1-y0)
	err := dx + dy
	for {
		if (image.Point{x0, y0}).In(img.Bounds()) {
			img.SetRGBA(x0, y0, c)
		}
		if x0 == x1 && y0 == y1 {
			return
		}
		e2 := 2 * err
		if e2 >= dy {
			err += dy
			x0 += sx
		}
		if e2 <= dx {
			err += dx
			y0 += sy
		}
	}
}

func thick(img *image.RGBA, x0, y0, x1, y1 int, c color.RGBA) {
	line(img, x0, y0, x1, y1, c)
	line(img, x0, y0+1, x1, y1+1, c)
	line(img, x0+1, y0, x1+1, y1, c)
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

func sign(a int) int {
	switch {
	case a < 0:
		return -1
	case a > 0:
		return 1
	}
	return 0
}

// glyphs is a 3x5 bitmap font: five rows of three bits, most significant bit left.
var glyphs = map[rune][5]byte{
	'0': {7, 5, 5, 5, 7}, '1': {2, 6, 2, 2, 7}, '2': {7, 1, 7, 4, 7}, '3': {7, 1, 7, 1, 7}, '4': {5, 5, 7, 1, 1},
	'5': {7, 4, 7, 1, 7}, '6': {7, 4, 7, 5, 7}, '7': {7, 1, 1, 2, 2}, '8': {7, 5, 7, 5, 7}, '9': {7, 5, 7, 1, 7},
	'A': {2, 5, 7, 5, 5}, 'B': {6, 5, 6, 5, 6}, 'C': {3, 4, 4, 4, 3}, 'D': {6, 5, 5, 5, 6}, 'E': {7, 4, 6, 4, 7},
	'F': {7, 4, 6, 4, 4}, 'G': {3, 4, 5, 5, 3}, 'H': {5, 5, 7, 5, 5}, 'I': {7, 2, 2, 2, 7}, 'J': {1, 1, 1, 5, 2},
	'K': {5, 5, 6, 5, 5}, 'L': {4, 4, 4, 4, 7}, 'M': {5, 7, 7, 5, 5}, 'N': {6, 5, 5, 5, 5}, 'O': {2, 5, 5, 5, 2},
	'P': {6, 5, 6, 4, 4}, 'Q': {2, 5, 5, 6, 3}, 'R': {6, 5, 6, 5, 5}, 'S': {3, 4, 2, 1, 6}, 'T': {7, 2, 2, 2, 2},
	'U': {5, 5, 5, 5, 7}, 'V': {5, 5, 5, 5, 2}, 'W': {5, 5, 7, 7, 5}, 'X': {5, 5, 2, 5, 5}, 'Y': {5, 5, 2, 2, 2},
	'Z': {7, 1, 2, 4, 7}, '.': {0, 0, 0, 0, 2}, '-': {0, 0, 7, 0, 0}, '_': {0, 0, 0, 0, 7}, ':': {0, 2, 0, 2, 0},
	'(': {1, 2, 2, 2, 1}, ')': {4, 2, 2, 2, 4}, ',': {0, 0, 0, 2, 4}, '=': {0, 7, 0, 7, 0}, '+': {0, 2, 7, 2, 0},
	'/': {1, 1, 2, 4, 4}, ' ': {0, 0, 0, 0, 0},
}

const scale = 2

func textWidth(s string) int { return len([]rune(s)) * 4 * scale }

func text(img *image.RGBA, x, y int, s string, c color.RGBA) {
	for i, r := range strings.ToUpper(s) {
		g, ok := glyphs[r]
		if !ok {
			g = [5]byte{7, 5, 5, 5, 7}
		}
		for row := 0; row < 5; row++ {
			for col := 0; col < 3; col++ {
				if g[row]&(4>>col) != 0 {
					ox, oy := x+(i*4+col)*scale, y+row*scale
					fill(img, image.Rect(ox, oy, ox+scale, oy+scale), c)
				}
			}
		}
	}
}
