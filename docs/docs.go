// Package docs embeds foamc's documentation so that the binary can serve it (the MCP
// server's docs resources) wherever it is installed.
package docs

import "embed"

// FS holds docs/*.md.
//
//go:embed *.md
var FS embed.FS
