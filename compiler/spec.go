package compiler

import "github.com/foamc/foamc/schema"

// Spec is what Compile reads: the one spec type, schema.Spec, which verify, the MCP
// server and the CLI read too (decoded by schema.LoadSpec and schema.ParseSpec).
type Spec = schema.Spec
