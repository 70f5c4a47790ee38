package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/foamc/foamc/finding"
)

func TestFindingsOfErrors(t *testing.T) {
	lib := finding.Finding{ID: "FOAM-SPEC-002", Severity: finding.Deny, Summary: "missing"}
	for _, c := range []struct {
		err  error
		want string
	}{
		{finding.List{lib}, "FOAM-SPEC-002"},
		{fmt.Errorf("wrapped: %w", lib), "FOAM-SPEC-002"},
		{errors.New("kb: snapshot unreadable"), IDInternal},
	} {
		f := findings(c.err, "loading")
		if len(f) != 1 || f[0].ID != c.want || f[0].Severity != finding.Deny {
			t.Errorf("findings(%v) = %+v, want %s", c.err, f, c.want)
		}
	}
}

// TestPanicIsFinding: a panicking handler answers an internal finding, not a broken
// connection or a bare error string.
func TestPanicIsFinding(t *testing.T) {
	srv := &Server{mcp: mcp.NewServer(&mcp.Implementation{Name: "t"}, nil)}
	s := srv.mcp
	addTool(srv, false, &mcp.Tool{Name: "boom"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*Report, failure) {
		panic("nil map")
	})
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	if _, err := s.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "boom", Arguments: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	out, _ := res.StructuredContent.(map[string]any)
	fs, _ := out["findings"].([]any)
	if !res.IsError || len(fs) != 1 || fs[0].(map[string]any)["id"] != IDInternal {
		t.Fatalf("panic answered %+v", res.StructuredContent)
	}
}
