package schema

import (
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// fieldRow is a row of docs/spec.md's field table: | `path` | required | meaning |.
var fieldRow = regexp.MustCompile("(?m)^\\| `([^`]+)` \\|")

// TestSpecDocMatchesSchema keeps docs/spec.md (the spec contract in the repository's words)
// and schema/spec.schema.json in step: every field the schema accepts has a row in the
// field table, and every row names a field the schema accepts.
func TestSpecDocMatchesSchema(t *testing.T) {
	docMatchesSchema(t, "../docs/spec.md", "", SpecSchema(), "", 40)
}

// TestStudyDocMatchesSchema does the same for docs/study.md and schema/study.schema.json;
// the table is in the section "The study file" (the next one lists files); a zipped
// parameter has the fields of any parameter, documented once.
func TestStudyDocMatchesSchema(t *testing.T) {
	docMatchesSchema(t, "../docs/study.md", "## The study file", StudySchema(), "vary[].zip[].", 20)
}

// docMatchesSchema compares the field rows of a doc (of its section, when given: up to the
// next heading of its level) with the fields of a schema, less those under skip.
func docMatchesSchema(t *testing.T, docPath, section string, schema []byte, skip string, least int) {
	t.Helper()
	raw, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	if section != "" {
		_, after, ok := strings.Cut(doc, section+"\n")
		if !ok {
			t.Fatalf("%s has no section %q", docPath, section)
		}
		doc, _, _ = strings.Cut(after, "\n## ")
	}
	var s map[string]any
	if err := json.Unmarshal(schema, &s); err != nil {
		t.Fatal(err)
	}
	inSchema := map[string]bool{}
	schemaFields(s, s, "", inSchema)
	for f := range inSchema {
		if skip != "" && strings.HasPrefix(f, skip) {
			delete(inSchema, f)
		}
	}
	inDoc := map[string]bool{}
	for _, m := range fieldRow.FindAllStringSubmatch(doc, -1) {
		inDoc[m[1]] = true
	}
	var missing, extra []string
	for f := range inSchema {
		if !inDoc[f] {
			missing = append(missing, f)
		}
	}
	for f := range inDoc {
		if !inSchema[f] {
			extra = append(extra, f)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	if len(missing) > 0 || len(extra) > 0 {
		t.Fatalf("%s and the schema differ:\n  fields without a row in the doc: %v\n  rows naming no schema field: %v", docPath, missing, extra)
	}
	if len(inSchema) < least {
		t.Fatalf("only %d schema fields found; the walk is broken", len(inSchema))
	}
}

// schemaFields collects dotted field paths: properties, `<patch>` for a map of patches,
// `[]` for the items of an array, following $ref and every oneOf/anyOf alternative.
func schemaFields(root, node map[string]any, prefix string, out map[string]bool) {
	if ref, ok := node["$ref"].(string); ok {
		def := strings.TrimPrefix(ref, "#/definitions/")
		if d, ok := root["definitions"].(map[string]any)[def].(map[string]any); ok {
			schemaFields(root, d, prefix, out)
		}
		return
	}
	for _, k := range []string{"then", "else"} {
		if m, ok := node[k].(map[string]any); ok {
			schemaFields(root, m, prefix, out)
		}
	}
	for _, k := range []string{"oneOf", "anyOf", "allOf"} {
		alts, _ := node[k].([]any)
		for _, a := range alts {
			if m, ok := a.(map[string]any); ok {
				schemaFields(root, m, prefix, out)
			}
		}
	}
	join := func(k string) string {
		if prefix == "" {
			return k
		}
		return prefix + "." + k
	}
	if props, ok := node["properties"].(map[string]any); ok {
		for k, v := range props {
			out[join(k)] = true
			if m, ok := v.(map[string]any); ok {
				schemaFields(root, m, join(k), out)
			}
		}
	}
	// An array of objects documents its items' fields as `<array>[].<field>`.
	if items, ok := node["items"].(map[string]any); ok {
		schemaFields(root, items, prefix+"[]", out)
	}
	if ap, ok := node["additionalProperties"].(map[string]any); ok && prefix != "" {
		if _, free := ap["enum"]; free || len(ap) == 0 {
			return
		}
		for suffix, key := range map[string]string{"boundaries": "<patch>", "regions": "<region>"} {
			// A region's boundary entries are the top-level ones, documented once there.
			if strings.HasSuffix(prefix, suffix) && !strings.HasPrefix(prefix, "regions.") {
				out[join(key)] = true
				schemaFields(root, ap, join(key), out)
			}
		}
	}
}
