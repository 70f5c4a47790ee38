package compiler

import "github.com/foamc/foamc/grammar"

// emitYPlus adds the yPlus function object to a turbulent case's controlDict: it
// writes every wall patch's y+ (min, max, average) to postProcessing/yPlus/<t>/yPlus.dat
// at each write time, the evidence foamc verify judges the wall treatment by
// (docs/verify.md, FOAM-VERIFY-030..034). Laminar cases have no wall treatment to judge.
func (c *resolution) emitYPlus(cd node) {
	if c.feat.Class != "RAS" && c.feat.Class != "LES" {
		return
	}
	src := curated("y+ evidence for foamc verify (docs/verify.md)")
	n := cd.sub("functions").sub("yPlus")
	n.set("type", src, grammar.NewWord("yPlus"))
	n.set("libs", src, grammar.ListOf(grammar.Str("libfieldFunctionObjects.so")))
	n.set("writeControl", src, grammar.NewWord("writeTime"))
}
