package mcpserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/mcpserver"
)

// TestReportAndPicture: report_case on a run of the v1912 cavity tutorial returns the
// report as Markdown text, the self-contained page as an embedded text/html resource
// and each picture as PNG image content, named in order in the structured output;
// field_picture returns one picture and what it shows; a plane that is not x=V is an
// argument finding.
func TestReportAndPicture(t *testing.T) {
	f := newFixture(t)
	dir := filepath.Join(f.root, "tutorial")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(foamtest.Tutorials(t), "incompressible", "icoFoam", "cavity", "cavity"))); err != nil {
		t.Fatal(err)
	}
	for _, app := range []string{"blockMesh", "icoFoam"} {
		cmd := exec.Command(foamtest.RequireBinary(t, app), "-case", dir)
		cmd.Env = foamtest.Env()
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", app, err, out)
		}
		if err := os.WriteFile(filepath.Join(dir, "log."+app), out, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	res, err := f.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "report_case", Arguments: map[string]any{"case_dir": "tutorial"}})
	if err != nil {
		t.Fatal(err)
	}
	r := decode(t, "report_case", res)
	if res.IsError || r.Verdict != "accept" {
		t.Fatalf("report_case: isError=%v verdict %q %+v", res.IsError, r.Verdict, r.Findings)
	}
	var out mcpserver.ReportOutput
	structured(t, res, &out)
	if len(res.Content) != 2+len(out.Pictures) || len(out.Pictures) != 3 {
		t.Fatalf("%d content blocks for %d pictures %+v", len(res.Content), len(out.Pictures), out.Pictures)
	}
	if md, ok := res.Content[0].(*mcp.TextContent); !ok || !strings.HasPrefix(md.Text, "# tutorial\n") || !strings.Contains(md.Text, "](field-U.png)") {
		t.Errorf("first block is not the Markdown report: %T", res.Content[0])
	}
	page, ok := res.Content[1].(*mcp.EmbeddedResource)
	if !ok || page.Resource.MIMEType != "text/html" || page.Resource.URI != "foamc://report/tutorial.html" || len(page.Resource.Text) != out.HTMLBytes ||
		strings.Count(page.Resource.Text, `<img src="data:image/png;base64,`) != 3 {
		t.Errorf("second block is not the page: %T", res.Content[1])
	}
	for i, c := range res.Content[2:] {
		im, ok := c.(*mcp.ImageContent)
		if !ok || im.MIMEType != "image/png" {
			t.Fatalf("block %d: %T", i+2, c)
		}
		if _, err := png.Decode(bytes.NewReader(im.Data)); err != nil {
			t.Errorf("picture %s: %v", out.Pictures[i].Name, err)
		}
	}
	if out.Pictures[0].Name != "residuals.png" || out.Pictures[1].Name != "field-U.png" || out.Pictures[2].Name != "field-p.png" {
		t.Errorf("pictures %+v", out.Pictures)
	}

	res, err = f.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "field_picture", Arguments: map[string]any{"case_dir": "tutorial", "field": "p", "time": "0.3"}})
	if err != nil {
		t.Fatal(err)
	}
	var pic mcpserver.PictureOutput
	structured(t, res, &pic)
	if res.IsError || len(res.Content) != 1 || pic.Picture == nil || pic.Picture.Time != "0.3" || pic.Picture.Cells != 400 || pic.Picture.Units != "m²/s²" {
		t.Fatalf("field_picture: isError=%v %d blocks %+v", res.IsError, len(res.Content), pic.Picture)
	}
	if im, ok := res.Content[0].(*mcp.ImageContent); !ok || im.MIMEType != "image/png" {
		t.Errorf("field_picture content %T", res.Content[0])
	}
	wantFinding(t, f.cs, "field_picture", map[string]any{"case_dir": "tutorial", "field": "p", "plane": "q=1"}, mcpserver.IDArguments)
	wantFinding(t, f.cs, "field_picture", map[string]any{"case_dir": "tutorial", "field": "nope"}, mcpserver.IDArguments)
}

func structured(t *testing.T, res *mcp.CallToolResult, v any) {
	t.Helper()
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("structured output %s: %v", b, err)
	}
}
