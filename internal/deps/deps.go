package deps
import (
 _ "github.com/open-policy-agent/opa/v1/rego"
 _ "github.com/xeipuuv/gojsonschema"
 _ "github.com/alecthomas/participle/v2"
 _ "github.com/sashabaranov/go-openai"
 _ "gopkg.in/yaml.v3"
 _ "golang.org/x/tools/txtar"
)
