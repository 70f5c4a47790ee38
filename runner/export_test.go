package runner

// Test helpers of the internal tests, for the external test package
// (runner_test imports faults, which imports runner).
var (
	RequireFoam    = requireFoam
	RealLinter     = realLinter
	KBRetrieverFor = kbRetriever
)
