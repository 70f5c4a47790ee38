package mcpserver

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/foamc/foamc/fieldplot"
	"github.com/foamc/foamc/report"
	"github.com/foamc/foamc/verify"
)

// reportURIPrefix names a report embedded in a tool result: foamc://report/<case>.html.
const reportURIPrefix = "foamc://report/"

// contenter is an output that brings its own content blocks (pictures, an embedded
// page); addTool returns them beside the structured output.
type contenter interface{ content() []mcp.Content }

func (s *Server) addReportTools() {
	ro := &mcp.ToolAnnotations{ReadOnlyHint: true}
	addTool(s, true, &mcp.Tool{Name: "report_case", Title: "Report a finished run", Annotations: ro,
		Description: "The case report of a finished run (foamc report): verify's verdict and findings, the expect: items against their references, the residual history, field pictures drawn from the case's files, the spec and the provenance of every compiled value. Returns the report as Markdown text, the self-contained HTML page as an embedded text/html resource, and every picture as image content (PNG)."},
		s.reportCase)
	addTool(s, true, &mcp.Tool{Name: "field_picture", Title: "Picture of a field", Annotations: ro,
		Description: "A field of a case drawn from its own files (foamc report's field pictures): sliced on the plane of a 2-D case (or plane x=V, y=V, z=V), as a colour map with colour bar and units, the mesh outline, optional velocity arrows and the alpha = 0.5 interface. Returns the PNG as image content and what it shows (range, cells, time)."},
		s.fieldPicture)
}

// ReportInput is report_case's input.
type ReportInput struct {
	FieldView
	Fields []string `json:"fields,omitempty" jsonschema:"the fields to draw (default: phase fractions, U, p or p_rgh, T)"`
}

// FieldView is where the picture tools (report_case, field_picture) look: a case, one of
// its times, a plane.
type FieldView struct {
	CaseDir string `json:"case_dir" jsonschema:"the case directory, under a granted root"`
	Time    string `json:"time,omitempty" jsonschema:"latest (default) or one time directory's name"`
	Plane   string `json:"plane,omitempty" jsonschema:"the plane the field pictures slice, as x=V, y=V or z=V (default: the plane of a 2-D case, else the z mid-plane)"`
}

// PictureInfo names a picture of the report (the image content blocks follow in order).
type PictureInfo struct {
	Name    string `json:"name"`
	Caption string `json:"caption"`
}

// ReportOutput is report_case's output.
type ReportOutput struct {
	CaseDir   string         `json:"case_dir,omitempty"`
	Verdict   verify.Verdict `json:"verdict,omitempty" jsonschema:"accept, reject or insufficient"`
	Solver    string         `json:"solver,omitempty"`
	Times     []string       `json:"times,omitempty"`
	ReportURI string         `json:"report_uri,omitempty" jsonschema:"the URI of the embedded HTML page"`
	HTMLBytes int            `json:"html_bytes,omitempty"`
	Pictures  []PictureInfo  `json:"pictures,omitempty" jsonschema:"the pictures, in the order of the image content blocks"`
	Report
	blocks []mcp.Content
}

func (o *ReportOutput) content() []mcp.Content { return o.blocks }

// caseAndPlane resolves a picture tool's case_dir under the roots and reads its plane
// ("": the field picture's default).
func (s *Server) caseAndPlane(ctx context.Context, v FieldView) (string, *fieldplot.Plane, failure) {
	plane := v.Plane
	dir, f := s.resolveCase(ctx, "case_dir", v.CaseDir)
	if f != nil || plane == "" {
		return dir, nil, f
	}
	pl, err := fieldplot.ParsePlane(plane)
	if err != nil {
		return "", nil, fail(IDArguments, "plane "+plane+" is not x=V, y=V or z=V", err.Error(), "")
	}
	return dir, &pl, nil
}

func (s *Server) reportCase(ctx context.Context, req *mcp.CallToolRequest, in ReportInput) (*ReportOutput, failure) {
	dir, pl, f := s.caseAndPlane(ctx, in.FieldView)
	if f != nil {
		return nil, f
	}
	r, err := report.Build(dir, report.Options{Time: in.Time, Plane: pl, Fields: in.Fields})
	if err != nil {
		return nil, fail(IDArguments, "cannot report "+dir, err.Error(), "give the directory of a finished run (it holds system/controlDict)")
	}
	page, err := r.HTML()
	if err != nil {
		return nil, findings(err, "report")
	}
	uri := reportURIPrefix + filepath.Base(dir) + ".html"
	out := &ReportOutput{CaseDir: dir, Verdict: r.Verdict, Solver: r.Solver, Times: r.Times, ReportURI: uri, HTMLBytes: len(page), Report: Report{r.Findings}}
	out.blocks = []mcp.Content{&mcp.TextContent{Text: string(r.Markdown())},
		&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: uri, MIMEType: "text/html", Text: string(page)}}}
	for _, im := range r.Images() {
		out.Pictures = append(out.Pictures, PictureInfo{Name: im.Name, Caption: im.Caption})
		out.blocks = append(out.blocks, &mcp.ImageContent{Data: im.PNG, MIMEType: "image/png"})
	}
	return out, nil
}

// PictureInput is field_picture's input.
type PictureInput struct {
	FieldView
	Field     string `json:"field" jsonschema:"the volume field to draw, e.g. U, p, T, alpha.water"`
	Vectors   bool   `json:"vectors,omitempty" jsonschema:"overlay in-plane arrows (vector fields)"`
	Interface string `json:"interface,omitempty" jsonschema:"a phase fraction whose 0.5 contour is drawn, e.g. alpha.water"`
}

// PictureOutput is field_picture's output.
type PictureOutput struct {
	CaseDir string             `json:"case_dir,omitempty"`
	Picture *fieldplot.Picture `json:"picture,omitempty"`
	Report
	blocks []mcp.Content
}

func (o *PictureOutput) content() []mcp.Content { return o.blocks }

func (s *Server) fieldPicture(ctx context.Context, req *mcp.CallToolRequest, in PictureInput) (*PictureOutput, failure) {
	dir, pl, f := s.caseAndPlane(ctx, in.FieldView)
	if f != nil {
		return nil, f
	}
	p, err := fieldplot.Draw(dir, in.Field, fieldplot.Options{Time: in.Time, Plane: pl, Vectors: in.Vectors, Interface: in.Interface})
	if err != nil {
		return nil, fail(IDArguments, fmt.Sprintf("cannot draw %s of %s", in.Field, dir), err.Error(), "name a volume field of a written time directory")
	}
	return &PictureOutput{CaseDir: dir, Picture: p, blocks: []mcp.Content{&mcp.ImageContent{Data: p.PNG, MIMEType: "image/png"}}}, nil
}
