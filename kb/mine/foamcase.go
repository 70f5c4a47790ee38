package mine

import "github.com/foamc/foamc/foamcase"

// loadWithFoamcase is the default DocumentLoader. Includes outside the case are
// allowed: tutorials include shared files from sibling directories.
func loadWithFoamcase(dir string) (map[string]any, error) {
	c, err := foamcase.Load(dir, foamcase.Options{AllowOutsideIncludes: true})
	if err != nil {
		return nil, err
	}
	return c.Document(), nil
}
