package mcpserver

import (
	"context"
	"fmt"
	"io/fs"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/foamc/foamc/docs"
	"github.com/foamc/foamc/rules"
	"github.com/foamc/foamc/schema"
)

// Resource URIs.
const (
	CatalogueURI   = "foamc://rules/catalogue"
	SpecSchemaURI  = "foamc://schema/spec.json"
	StudySchemaURI = "foamc://schema/study.json"
	docsPrefix     = "foamc://docs/"
)

func (s *Server) addResources() error {
	text := func(uri, mime string, body func() (string, error)) mcp.ResourceHandler {
		return func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			b, err := body()
			if err != nil {
				return nil, fmt.Errorf("mcpserver: %s: %w", uri, err)
			}
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: mime, Text: b}}}, nil
		}
	}
	s.mcp.AddResource(&mcp.Resource{URI: CatalogueURI, Name: "rule-catalogue", Title: "foamc rule catalogue", MIMEType: "text/markdown",
		Description: "Every rule: ID, severity, what it checks, its fix and the v1912 source it rests on."},
		text(CatalogueURI, "text/markdown", func() (string, error) {
			eng, err := s.wf.Engine(context.Background())
			if err != nil {
				return "", err
			}
			// The fixture examples of rules/CATALOGUE.md live in test data, not in the binary.
			return rules.Catalogue(eng.Rules(), nil), nil
		}))
	s.mcp.AddResource(&mcp.Resource{URI: SpecSchemaURI, Name: "spec-schema", Title: "Case spec JSON Schema", MIMEType: "application/schema+json",
		Description: "The JSON Schema of the case spec compile_spec reads."},
		text(SpecSchemaURI, "application/schema+json", func() (string, error) { return string(schema.SpecSchema()), nil }))
	s.mcp.AddResource(&mcp.Resource{URI: StudySchemaURI, Name: "study-schema", Title: "Study file JSON Schema", MIMEType: "application/schema+json",
		Description: "The JSON Schema of the study file run_study reads (a sweep or a grid convergence study of a base spec)."},
		text(StudySchemaURI, "application/schema+json", func() (string, error) { return string(schema.StudySchema()), nil }))
	names, err := fs.Glob(docs.FS, "*.md")
	if err != nil {
		return fmt.Errorf("mcpserver: docs: %w", err)
	}
	for _, n := range names {
		uri := docsPrefix + n
		s.mcp.AddResource(&mcp.Resource{URI: uri, Name: "docs/" + n, Title: "foamc docs: " + strings.TrimSuffix(n, ".md"), MIMEType: "text/markdown"},
			text(uri, "text/markdown", func() (string, error) {
				b, err := docs.FS.ReadFile(n)
				return string(b), err
			}))
	}
	return nil
}

func (s *Server) addPrompt() {
	s.mcp.AddPrompt(&mcp.Prompt{Name: "setup_case", Title: "Set up an OpenFOAM case from a description",
		Description: "Walks through spec -> compile_spec -> lint_case -> gate_check -> run_case -> checking the run.",
		Arguments: []*mcp.PromptArgument{
			{Name: "description", Description: "the flow to simulate, in words", Required: true},
			{Name: "output_dir", Description: "where to write the case (under a granted root)"},
		}},
		func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			out := req.Params.Arguments["output_dir"]
			if out == "" {
				out = "a new directory under a granted root"
			}
			return &mcp.GetPromptResult{Description: "set up a case with foamc",
				Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: fmt.Sprintf(setupPrompt, req.Params.Arguments["description"], out)}}}}, nil
		})
}

const setupPrompt = `Set up an OpenFOAM v1912 case for this flow:

%s

Use foamc's tools, in order, and do not skip a step:
1. Spec: read resource ` + SpecSchemaURI + ` and write a case spec (YAML) for the flow: solver or flow
   regime, fluid, reference velocity and length, one entry per mesh patch with its role, control.
   Ask bc_contract or kb_query when unsure of a boundary condition or a setting.
2. compile_spec with that spec and output_dir %s. On findings, change the spec (each finding names
   the spec field at its location.path and a fix) and compile again.
3. lint_case the compiled case. Repair every deny: apply its repair edits or follow its fix;
   explain_rule tells what a rule checks and why.
4. gate_check: continue only when the decision is allow.
5. run_case with a small steps count first (e.g. 20). Read run.status, run.finalResiduals and
   run.failure; on a failure fix the spec or the case and go back to step 3.
6. Verify: verify_case the run: accept, or reject/insufficient with the reasons (each names the file, the
   method, the threshold and the measured value). On a reject fix the case and run again; on
   insufficient run longer. verify_case checks bounds, nan and convergence so far, not yet that the
   result matches the literature.
7. To vary a parameter (a sweep) or show that the mesh is fine enough (grid convergence, GCI), write
   a study file on the working spec (read foamc://docs/study.md) and run_study it; give the same
   output_dir again to resume.
`
