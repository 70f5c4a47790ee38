package report

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"html/template"
	"os"
	"path/filepath"
	"strings"

	"github.com/foamc/foamc/finding"
)

// The page carries its own style and no script: nothing is fetched, nothing runs.
const pageHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>foamc report: {{.Name}}</title>
<style>
:root { --fg: #1d2125; --muted: #5b6570; --line: #d6dbe0; --accept: #1b7f3b; --reject: #b3261e; --insufficient: #9a6700; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 60rem; padding: 1rem; color: var(--fg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
h1 { font-size: 1.6rem; margin: .2rem 0; overflow-wrap: anywhere; }
h2 { font-size: 1.25rem; border-bottom: 1px solid var(--line); padding-bottom: .2rem; margin-top: 2rem; }
.muted { color: var(--muted); }
.verdict { display: inline-block; padding: .15rem .7rem; border-radius: 1rem; color: #fff; font-weight: 600; text-transform: uppercase; letter-spacing: .04em; }
.verdict.accept { background: var(--accept); } .verdict.reject { background: var(--reject); } .verdict.insufficient { background: var(--insufficient); }
.sev { font-weight: 600; } .sev.deny { color: var(--reject); } .sev.warn { color: var(--insufficient); } .sev.info { color: var(--muted); }
figure { margin: 1rem 0; break-inside: avoid; page-break-inside: avoid; }
figure img { display: block; width: 100%; height: auto; border: 1px solid var(--line); }
figcaption { font-size: .9rem; color: var(--muted); }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: .9rem; }
th, td { text-align: left; vertical-align: top; padding: .3rem .5rem; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
pre { background: #f5f7f9; padding: .7rem; overflow-x: auto; font-size: .8rem; }
ul.findings { padding-left: 1.2rem; } ul.findings li { margin: .3rem 0; overflow-wrap: anywhere; }
code { font-size: .85em; }
@media (max-width: 40rem) { body { padding: .6rem; font-size: 15px; } h1 { font-size: 1.3rem; } th, td { padding: .25rem; } }
@media print {
  body { max-width: none; font-size: 10pt; }
  h2 { break-after: avoid; page-break-after: avoid; }
  .scroll { overflow: visible; }
  details { display: block; } details > summary { display: none; }
  a { color: inherit; text-decoration: none; }
}
</style>
</head>
<body>
<header>
<p class="muted">foamc case report · {{.Case}}</p>
<h1>{{.Name}}</h1>
{{if .Description}}<p>{{.Description}}</p>{{end}}
<p><span class="verdict {{.Verdict}}">{{.Verdict}}</span> <span class="muted">{{.Solver}}, judged at t = {{.TimesText}}; {{.Counts}}</span></p>
</header>

<h2 id="findings">Verdict and findings</h2>
<ul class="findings">
{{range .Findings}}<li><span class="sev {{.Severity}}">{{.Severity}}</span> <code>{{.ID}}</code> {{.Summary}}{{if .Location.File}} <span class="muted">({{.Location.File}}{{if .Location.Line}}:{{.Location.Line}}{{end}})</span>{{end}}{{if .Fix}}<br><span class="muted">fix: {{.Fix}}</span>{{end}}</li>
{{end}}</ul>

{{if .Expect}}<h2 id="expect">Expectations against references</h2>
{{range .Expect}}<h3>{{.Name}}: {{.Status}}</h3>
<ul class="findings">{{range .Findings}}<li><span class="sev {{.Severity}}">{{.Severity}}</span> {{.Summary}}</li>{{end}}</ul>
{{range .Images}}{{template "fig" .}}{{end}}
{{end}}{{end}}

{{if .Residuals}}<h2 id="residuals">Residuals</h2>
{{template "fig" .Residuals}}{{end}}
{{if .Evidence}}<h2 id="evidence">Monitored quantities</h2>
{{range .Evidence}}{{template "fig" .}}{{end}}{{end}}

<h2 id="fields">Fields</h2>
{{range .Fields}}{{template "fig" .}}{{end}}
{{range .FieldErrors}}<p class="muted">not drawn: {{.}}</p>{{end}}

{{if .Spec}}<h2 id="spec">Spec</h2>
<details open><summary>foamc.spec.json</summary><pre>{{.Spec}}</pre></details>{{end}}
{{if .Provenance}}<h2 id="provenance">Provenance</h2>
<p class="muted">Where each compiled value came from (provenance.json): the spec, the knowledge base mined from the v1912 tutorials, the curated tables, a rule or a derivation.</p>
<div class="scroll"><table>
<thead><tr><th>setting</th><th>value</th><th>from</th><th>source</th></tr></thead>
<tbody>
{{range .Provenance}}<tr><td><code>{{.Slot}}</code></td><td>{{.Value}}</td><td>{{.Kind}}</td><td>{{.Source}}</td></tr>
{{end}}</tbody></table></div>{{end}}
<footer><p class="muted">Written by foamc report from the case's files; pictures drawn by foamc (gonum/plot), no ParaView.</p></footer>
</body>
</html>
{{define "fig"}}<figure>{{.Tag}}<figcaption>{{.Caption}}{{if .Source}} — from <code>{{.Source}}</code>{{end}}</figcaption></figure>
{{end}}`

var pageTmpl = template.Must(template.New("report").Parse(pageHTML))

// Tag is the picture's <img> element, the PNG inline as a data URI (written here, not
// by html/template, which would escape every '+' of the base64 text as &#43;).
func (im Image) Tag() template.HTML {
	return template.HTML(`<img src="data:image/png;base64,` + base64.StdEncoding.EncodeToString(im.PNG) + `" alt="` + html.EscapeString(im.Caption) + `">`)
}

// TimesText is the judged times as text.
func (r *Report) TimesText() string {
	if len(r.Times) == 0 {
		return "(no time)"
	}
	return strings.Join(r.Times, ", ")
}

// Counts says how many findings of each severity there are.
func (r *Report) Counts() string {
	n := map[finding.Severity]int{}
	for _, f := range r.Findings {
		n[f.Severity]++
	}
	return fmt.Sprintf("%d deny, %d warn, %d info", n[finding.Deny], n[finding.Warn], n[finding.Info])
}

// HTML is the report as one self-contained page.
func (r *Report) HTML() ([]byte, error) {
	var b bytes.Buffer
	if err := pageTmpl.Execute(&b, r); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	return b.Bytes(), nil
}

// Markdown is the report as Markdown; its pictures are linked by Image.Name, the
// files WriteMarkdown writes beside it.
func (r *Report) Markdown() []byte {
	var b strings.Builder
	fig := func(im Image) {
		fmt.Fprintf(&b, "![%s](%s)\n\n*%s*", mdEscape(im.Caption), im.Name, mdEscape(im.Caption))
		if im.Source != "" {
			fmt.Fprintf(&b, " — from `%s`", im.Source)
		}
		b.WriteString("\n\n")
	}
	fmt.Fprintf(&b, "# %s\n\n", r.Name)
	if r.Description != "" {
		fmt.Fprintf(&b, "%s\n\n", r.Description)
	}
	fmt.Fprintf(&b, "**Verdict: %s** — %s, judged at t = %s; %s (case `%s`)\n\n", r.Verdict, r.Solver, r.TimesText(), r.Counts(), r.Case)
	b.WriteString("## Verdict and findings\n\n")
	for _, f := range r.Findings {
		fmt.Fprintf(&b, "- **%s** `%s` %s", f.Severity, f.ID, mdEscape(f.Summary))
		if f.Location.File != "" {
			fmt.Fprintf(&b, " (`%s`)", f.Location.File)
		}
		if f.Fix != "" {
			fmt.Fprintf(&b, "  \n  fix: %s", mdEscape(f.Fix))
		}
		b.WriteString("\n")
	}
	if len(r.Expect) > 0 {
		b.WriteString("\n## Expectations against references\n\n")
		for _, e := range r.Expect {
			fmt.Fprintf(&b, "### %s: %s\n\n", e.Name, e.Status)
			for _, f := range e.Findings {
				fmt.Fprintf(&b, "- **%s** %s\n", f.Severity, mdEscape(f.Summary))
			}
			b.WriteString("\n")
			for _, im := range e.Images {
				fig(im)
			}
		}
	}
	if r.Residuals != nil {
		b.WriteString("\n## Residuals\n\n")
		fig(*r.Residuals)
	}
	if len(r.Evidence) > 0 {
		b.WriteString("## Monitored quantities\n\n")
		for _, im := range r.Evidence {
			fig(im)
		}
	}
	b.WriteString("## Fields\n\n")
	for _, im := range r.Fields {
		fig(im)
	}
	for _, e := range r.FieldErrors {
		fmt.Fprintf(&b, "- not drawn: %s\n", mdEscape(e))
	}
	if r.Spec != "" {
		fmt.Fprintf(&b, "\n## Spec\n\n```json\n%s\n```\n", r.Spec)
	}
	if len(r.Provenance) > 0 {
		b.WriteString("\n## Provenance\n\n| setting | value | from | source |\n|---|---|---|---|\n")
		for _, p := range r.Provenance {
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", p.Slot, cell(p.Value), p.Kind, cell(p.Source))
		}
	}
	return []byte(b.String())
}

func mdEscape(s string) string {
	return strings.NewReplacer("*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", "&lt;", "\n", " ").Replace(s)
}

func cell(s string) string { return strings.ReplaceAll(mdEscape(s), "|", `\|`) }

// WriteHTML writes the page to path.
func (r *Report) WriteHTML(path string) error {
	b, err := r.HTML()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return os.WriteFile(path, b, 0o644)
}

// WriteMarkdown writes dir/report.md and its pictures into dir.
func (r *Report) WriteMarkdown(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	for _, im := range r.Images() {
		if err := os.WriteFile(filepath.Join(dir, im.Name), im.PNG, 0o644); err != nil {
			return fmt.Errorf("report: %w", err)
		}
	}
	return os.WriteFile(filepath.Join(dir, "report.md"), r.Markdown(), 0o644)
}
