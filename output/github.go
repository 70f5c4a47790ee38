package output

import (
	"fmt"
	"io"
	"strings"

	"github.com/foamc/foamc/finding"
)

// GitHub Actions workflow commands: ::error file=F,line=L,col=C,title=T::message
var (
	ghData     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	ghProperty = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

func writeGitHub(w io.Writer, r Report) error {
	var b strings.Builder
	for _, c := range r.Cases {
		if c.Error != "" {
			fmt.Fprintf(&b, "::error title=%s::%s\n", ghProperty.Replace("foamc "+c.Dir), ghData.Replace(c.Error))
		}
		for _, f := range c.Findings {
			cmd := map[finding.Severity]string{finding.Deny: "error", finding.Warn: "warning"}[f.Severity]
			if cmd == "" {
				cmd = "notice"
			}
			props := []string{"file=" + ghProperty.Replace(path(c.Dir, f.Location.File))}
			if f.Location.Line > 0 {
				props = append(props, fmt.Sprintf("line=%d", f.Location.Line))
				if f.Location.Column > 0 {
					props = append(props, fmt.Sprintf("col=%d", f.Location.Column))
				}
			}
			props = append(props, "title="+ghProperty.Replace(f.ID))
			msg := f.Summary
			if f.Fix != "" {
				msg += "\nfix: " + f.Fix
			}
			fmt.Fprintf(&b, "::%s %s::%s\n", cmd, strings.Join(props, ","), ghData.Replace(msg))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
