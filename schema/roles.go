package schema

import (
	"encoding/json"
	"sync"
)

// BoundaryRoles are the roles a spec's boundary may take, in the order of the spec
// schema's enum (definitions.boundary.properties.role): the one list the compiler's open
// role slot and the LLM's prompt offer.
var BoundaryRoles = sync.OnceValue(func() []string {
	var s struct {
		Definitions struct {
			Boundary struct {
				Properties struct {
					Role struct {
						Enum []string `json:"enum"`
					} `json:"role"`
				} `json:"properties"`
			} `json:"boundary"`
		} `json:"definitions"`
	}
	if err := json.Unmarshal(specSchemaJSON, &s); err != nil || len(s.Definitions.Boundary.Properties.Role.Enum) == 0 {
		panic("schema: spec.schema.json has no definitions.boundary.properties.role enum")
	}
	return s.Definitions.Boundary.Properties.Role.Enum
})
