package report

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/foamc/foamc/internal/foamtest"
)

const layoutJS = `Array.from(document.images).map(i => { const r = i.getBoundingClientRect();
  return {complete: i.complete, w: i.naturalWidth, h: i.naturalHeight, alt: i.alt,
          x: r.left + window.scrollX, y: r.top + window.scrollY, rw: r.width, rh: r.height}; })`

// TestReportInBrowser loads the cavity's report in Debian's chromium (headless, through
// the DevTools protocol): no console error, no exception, no request leaves the file;
// every picture is decoded by the browser and is not blank in the rendered page (its
// box in a full-page screenshot holds many colours); on a phone-sized viewport nothing
// overflows sideways; the page prints to PDF. The screenshots and the PDF are kept as
// test artefacts (go test -artifacts). A page with each fault planted (a console error,
// an exception, a request to the network, a blank picture) shows that the checks see them.
func TestReportInBrowser(t *testing.T) {
	browser := foamtest.RequireTool(t, "chromium")
	dir := cavity(t)
	r, err := Build(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	art := t.ArtifactDir()
	file := filepath.Join(art, "cavity.report.html")
	if err := r.WriteHTML(file); err != nil {
		t.Fatal(err)
	}

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browser), chromedp.NoSandbox,
		chromedp.WindowSize(1200, 900), chromedp.Flag("disable-gpu", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	bctx, cancel = context.WithTimeout(bctx, 2*time.Minute) // bounds the whole browser
	defer cancel()

	v := visit(t, bctx, file)
	if err := os.WriteFile(filepath.Join(art, "desktop.png"), v.shot, 0o644); err != nil {
		t.Fatal(err)
	}
	if len(v.boxes) != len(r.Images()) {
		t.Errorf("the page shows %d pictures, the report has %d", len(v.boxes), len(r.Images()))
	}
	for _, p := range v.problems {
		t.Errorf("browser: %s", p)
	}

	// A phone: 390 CSS px wide at 3x. Nothing is wider than the viewport.
	ctx := v.ctx
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateMobile),
		chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("body"))); err != nil {
		t.Fatal(err)
	}
	overflow, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`))
	if err != nil {
		t.Fatal(err)
	}
	if overflow {
		t.Error("on a 390 px wide phone the page is wider than the screen")
	}
	phone, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(art, "phone.png"), phone, 0o644); err != nil {
		t.Fatal(err)
	}
	yes := true
	res, err := chromedp.Call(ctx, page.PrintToPDF, page.PrintToPDFParams{PrintBackground: &yes})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(res.Data, []byte("%PDF")) || len(res.Data) < 50_000 {
		t.Errorf("print to PDF: %d bytes", len(res.Data))
	}
	if err := os.WriteFile(filepath.Join(art, "print.pdf"), res.Data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("artefacts in %s: desktop.png (%d bytes), phone.png (%d bytes), print.pdf (%d bytes)", art, len(v.shot), len(phone), len(res.Data))

	// The planted faults: each is seen.
	white := image.NewGray(image.Rect(0, 0, 300, 200))
	for i := range white.Pix {
		white.Pix[i] = 255
	}
	var blank bytes.Buffer
	if err := png.Encode(&blank, white); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "bad.html")
	html := `<!DOCTYPE html><html><body><p>bad</p><img src="` + string(Image{PNG: blank.Bytes()}.Tag())[len(`<img src="`):] +
		`<img src="http://127.0.0.1:9/missing.png" width="100" height="100"><script>console.error("planted"); null.planted;</script></body></html>`
	if err := os.WriteFile(bad, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(visit(t, bctx, bad).problems, "\n")
	for _, want := range []string{"console.error: \"planted\"", "exception:", "request: http://127.0.0.1:9/missing.png", "picture 0 () at", "looks blank", "picture 1 () not decoded"} {
		if !strings.Contains(got, want) {
			t.Errorf("planted faults: %q not reported in\n%s", want, got)
		}
	}
}

// visited is what a page load showed.
type visited struct {
	ctx      context.Context // the tab, still open
	problems []string
	boxes    []map[string]any
	shot     []byte
}

// visit opens file in a new tab of the browser and reports console errors and
// warnings, exceptions, requests that leave the file, and pictures not decoded or
// blank in a full-page screenshot.
func visit(t *testing.T, bctx context.Context, file string) visited {
	t.Helper()
	ctx, cancel := chromedp.NewContext(bctx)
	t.Cleanup(cancel)
	var mu sync.Mutex
	v := visited{ctx: ctx}
	note := func(format string, args ...any) {
		mu.Lock()
		v.problems = append(v.problems, fmt.Sprintf(format, args...))
		mu.Unlock()
	}
	if err := chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeWarning || e.Type == runtime.ConsoleAPICalledTypeAssert {
				var args []string
				for _, a := range e.Args {
					args = append(args, string(a.Value))
				}
				note("console.%s: %s", e.Type, strings.Join(args, " "))
			}
		case *runtime.EventExceptionThrown:
			note("exception: %s", (&chromedp.ExceptionError{ExceptionDetails: e.ExceptionDetails}).Error())
		case *log.EventEntryAdded:
			if e.Entry.Level == log.EntryLevelError || e.Entry.Level == log.EntryLevelWarning {
				note("log %s (%s): %s %s", e.Entry.Level, e.Entry.Source, e.Entry.Text, e.Entry.URL)
			}
		case *network.EventRequestWillBeSent:
			if u := e.Request.URL; !strings.HasPrefix(u, "file://") && !strings.HasPrefix(u, "data:") {
				note("request: %s", u)
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	for _, err := range []error{
		call(ctx, runtime.Enable, cdp.Empty{}), call(ctx, log.Enable, cdp.Empty{}), call(ctx, network.Enable, network.EnableParams{}),
		chromedp.Do(ctx, chromedp.Navigate("file://"+file), chromedp.WaitReady(chromedp.CSS("body"))),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	var err error
	if v.boxes, err = chromedp.Run(ctx, chromedp.Evaluate[[]map[string]any](layoutJS)); err != nil {
		t.Fatal(err)
	}
	if v.shot, err = chromedp.Run(ctx, chromedp.FullScreenshot(100)); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(v.shot))
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range v.boxes {
		alt, _ := b["alt"].(string)
		if b["complete"] != true || num(b["w"]) < 100 || num(b["h"]) < 100 {
			note("picture %d (%s) not decoded by the browser: %v", i, alt, b)
			continue
		}
		rect := image.Rect(int(num(b["x"])), int(num(b["y"])), int(num(b["x"])+num(b["rw"])), int(num(b["y"])+num(b["rh"])))
		if n, frac := colours(img, rect); n < 50 || frac > 0.97 {
			note("picture %d (%s) at %v looks blank in the screenshot: %d colours, the commonest covers %.0f%%", i, alt, rect, n, 100*frac)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	v.problems = slices.Clone(v.problems)
	return v
}

func call[P, R any](ctx context.Context, cmd cdp.Command[P, R], p P) error {
	_, err := chromedp.Call(ctx, cmd, p)
	return err
}

func num(v any) float64 {
	f, _ := v.(float64)
	return f
}

// colours counts the distinct colours in rect of img and the share of the commonest.
func colours(img image.Image, rect image.Rectangle) (int, float64) {
	rect = rect.Intersect(img.Bounds())
	count := map[[3]uint32]int{}
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			count[[3]uint32{r >> 8, g >> 8, b >> 8}]++
		}
	}
	top := 0
	for _, n := range count {
		top = max(top, n)
	}
	if rect.Empty() {
		return 0, 1
	}
	return len(count), float64(top) / float64(rect.Dx()*rect.Dy())
}
