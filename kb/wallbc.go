package kb

// WallBCs lists the boundary-condition types of a turbulence field (k, epsilon, omega,
// nuTilda, nut, alphat) on a wall, preferred first, for a turbulence model of the curated
// table: wall functions for high-Re RAS, resolved walls for low-Re RAS and LES (class and
// lowRe from curated/models.json), as the v1912 tutorials write them. The compiler's
// wall domain and the runner's repair template both take it; nil for other fields.
func WallBCs(field, model string) []string {
	mt, _ := CuratedModels()
	les, lowRe := mt[model].Class == "LES", mt[model].LowRe
	switch field {
	case "k":
		if les || lowRe {
			return []string{"fixedValue", "zeroGradient"}
		}
		return []string{"kqRWallFunction", "fixedValue"}
	case "epsilon":
		if lowRe {
			return []string{"zeroGradient"}
		}
		return []string{"epsilonWallFunction", "zeroGradient"}
	case "omega":
		return []string{"omegaWallFunction", "zeroGradient"}
	case "nuTilda":
		return []string{"fixedValue", "zeroGradient"}
	case "nut":
		switch {
		case les:
			return []string{"zeroGradient", "nutUSpaldingWallFunction"}
		case model == "SpalartAllmaras":
			return []string{"nutUSpaldingWallFunction", "nutLowReWallFunction", "calculated"}
		case lowRe:
			return []string{"nutLowReWallFunction", "calculated"}
		}
		return []string{"nutkWallFunction", "nutUSpaldingWallFunction", "calculated"}
	case "alphat":
		return []string{"compressible::alphatWallFunction", "calculated"}
	}
	return nil
}
