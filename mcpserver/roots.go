package mcpserver

import (
	"context"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// rootsKey labels the roots/list input request of a multi round-trip tool call.
const rootsKey = "roots"

type clientRootsKey struct{}

// askRoots is the input request for the client's roots when the client declared the
// roots capability and has not answered it yet for this call (SEP-2322 multi
// round-trip; the SDK asks older clients through roots/list itself). Otherwise it is nil
// and ctx carries the roots the client answered, if any.
func (s *Server) askRoots(ctx context.Context, req *mcp.CallToolRequest) (context.Context, *mcp.CallToolResult) {
	if !s.opts.ClientRoots {
		return ctx, nil
	}
	caps := req.ClientCapabilities()
	if caps == nil || caps.RootsV2 == nil {
		return ctx, nil
	}
	if r, ok := req.Params.InputResponses[rootsKey].(*mcp.ListRootsResult); ok {
		return context.WithValue(ctx, clientRootsKey{}, r.Roots), nil
	}
	return ctx, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{rootsKey: &mcp.ListRootsParams{}}}
}

// grantedRoots are --root's directories plus, when the server trusts them
// (Options.ClientRoots), the file:// roots the client granted for this call.
func (s *Server) grantedRoots(ctx context.Context) []string {
	roots := append([]string(nil), s.roots...)
	if !s.opts.ClientRoots {
		return roots
	}
	granted, _ := ctx.Value(clientRootsKey{}).([]*mcp.Root)
	for _, r := range granted {
		u, err := url.Parse(r.URI)
		if err != nil || u.Scheme != "file" {
			continue
		}
		if p, err := filepath.EvalSymlinks(filepath.Clean(u.Path)); err == nil && filepath.IsAbs(p) {
			roots = append(roots, p)
		}
	}
	return roots
}

// resolve makes a path argument absolute (relative paths are taken against the first
// root), follows its symlinks (for a path that does not exist yet: those of its nearest
// existing ancestor) and checks that it lies inside a granted root.
func (s *Server) resolve(ctx context.Context, arg, p string) (string, failure) {
	roots := s.grantedRoots(ctx)
	if len(roots) == 0 {
		return "", fail(IDAccess, "no root granted: "+arg+" cannot be read or written", "",
			"start foamc mcp with --root DIR (over stdio the client may grant roots too: MCP roots)")
	}
	if p == "" {
		return "", fail(IDArguments, arg+" is empty", "", "give a path under "+strings.Join(roots, ", "))
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(roots[0], p)
	}
	real, err := realPath(filepath.Clean(p))
	if err != nil {
		return "", fail(IDAccess, "cannot resolve "+arg+" "+p, err.Error(), "")
	}
	if !within(real, roots) {
		return "", fail(IDAccess, arg+" "+p+" is outside the granted roots", "it resolves to "+real,
			"use a path under "+strings.Join(roots, ", "))
	}
	return real, nil
}

// resolveCase resolves a case directory and also refuses a case holding a symlink
// that leads out of the roots (a 0/U linked to a file elsewhere would be read).
func (s *Server) resolveCase(ctx context.Context, arg, p string) (string, failure) {
	dir, f := s.resolve(ctx, arg, p)
	if f != nil {
		return "", f
	}
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return "", fail(IDArguments, arg+" "+p+" is not a directory", "", "give a case directory (system/controlDict inside)")
	}
	roots := s.grantedRoots(ctx)
	var refuse failure
	var size int64
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			if real, err := filepath.EvalSymlinks(path); err != nil || !within(real, roots) {
				refuse = fail(IDAccess, "symlink "+path+" leads outside the granted roots", "", "replace the link by a copy of the file")
				return filepath.SkipAll
			}
			return nil
		}
		if d.Type().IsRegular() && caseInput(dir, path) {
			if info, err := d.Info(); err == nil {
				size += info.Size()
			}
			if size > s.opts.MaxCaseBytes {
				refuse = fail(IDLimit, fmt.Sprintf("the dictionaries and fields of %s exceed %d bytes", dir, s.opts.MaxCaseBytes), "",
					"raise the server's --max-case-bytes or check the case with the foamc CLI")
				return filepath.SkipAll
			}
		}
		return nil
	})
	if refuse != nil {
		return "", refuse
	}
	return dir, nil
}

// caseInput tells whether a case file is one foamcase reads whole: system/, constant/
// (of polyMesh only the boundary) and the initial fields (0/, 0.orig/). Results in
// later time directories and the mesh's points and faces do not count.
func caseInput(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		return false
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	switch parts[0] {
	case "system", "0", "0.orig":
		return true
	case "constant":
		return len(parts) < 3 || parts[1] != "polyMesh" || parts[2] == "boundary"
	}
	return false
}

// realPath is filepath.EvalSymlinks for a path whose tail may not exist yet.
func realPath(p string) (string, error) {
	var rest []string
	for {
		real, err := filepath.EvalSymlinks(p)
		if err == nil {
			return filepath.Join(append([]string{real}, rest...)...), nil
		}
		if !os.IsNotExist(err) {
			return "", err
		}
		parent := filepath.Dir(p)
		if parent == p {
			return "", err
		}
		rest = append([]string{filepath.Base(p)}, rest...)
		p = parent
	}
}

func within(p string, roots []string) bool {
	for _, r := range roots {
		if rel, err := filepath.Rel(r, p); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}
