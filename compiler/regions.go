package compiler

import (
	"fmt"
	"slices"

	"github.com/foamc/foamc/grammar"
)

// emitRegions writes system/setFieldsDict for initial.regions: each box a boxToCell region
// with its field values; every other cell keeps the 0/ values (no defaultFieldValues).
// foamc run and Allrun run setFields after the mesh.
func (c *emission) emitRegions() {
	rs := c.spec.Initial.Regions
	if len(rs) == 0 {
		return
	}
	var regions []grammar.Item
	for i, r := range rs {
		ptr := fmt.Sprintf("/initial/regions/%d", i)
		for k := 0; k < 3; k++ {
			if r.Box.Min[k] >= r.Box.Max[k] {
				c.fail(IDUnsupported, ptr+"/box", fmt.Sprintf("the region's box is empty: min %v is not below max %v in every direction", r.Box.Min, r.Box.Max),
					"give box.min below box.max in x, y and z")
				break
			}
		}
		var values []grammar.Item
		if r.U != nil && slices.Contains(c.feat.Fields, "U") {
			values = append(values, grammar.NewWord("volVectorFieldValue"), grammar.NewWord("U"), grammar.Vector(r.U[0], r.U[1], r.U[2]))
		}
		if r.P != nil {
			if c.feat.Pressure != "p" {
				// p is calculated from p_rgh there: setting p would be overwritten.
				c.fail(IDUnsupported, ptr+"/p", "a region's p is not compiled for "+c.feat.Solver+", which solves "+c.feat.Pressure+" (p is calculated from it)", "leave p out of the region")
			}
			values = append(values, grammar.NewWord("volScalarFieldValue"), grammar.NewWord(c.feat.Pressure), grammar.Num(*r.P))
		}
		if r.T != nil {
			if !slices.Contains(c.feat.Fields, "T") {
				c.fail(IDUnsupported, ptr+"/T", c.feat.Solver+" has no temperature field T", "leave T out of the region")
			}
			values = append(values, grammar.NewWord("volScalarFieldValue"), grammar.NewWord("T"), grammar.Num(*r.T))
		}
		if _, ok := c.fam().(reacting); !ok && r.Species != nil {
			c.fail(IDUnsupported, ptr+"/species", c.feat.Solver+" has no species (species are reactingFoam's)", "leave species out of the region")
		}
		if rw, ok := c.fam().(regionWriter); ok {
			values = append(values, rw.regionValues(c, ptr, r)...)
		}
		if r.Alpha != nil {
			if len(c.feat.Phases) == 0 {
				c.fail(IDUnsupported, ptr+"/alpha", c.feat.Solver+" has no phase fraction (alpha is a VoF solver's, interFoam)", "leave alpha out of the region")
			} else {
				values = append(values, grammar.NewWord("volScalarFieldValue"), grammar.NewWord(alphaField(&c.feat)), grammar.Num(*r.Alpha))
			}
		}
		box := grammar.NewDict()
		box.Set("box", grammar.Vector(r.Box.Min[0], r.Box.Min[1], r.Box.Min[2]), grammar.Vector(r.Box.Max[0], r.Box.Max[1], r.Box.Max[2]))
		box.Set("fieldValues", grammar.ListOf(values...))
		regions = append(regions, grammar.NewWord("boxToCell"), box)
	}
	f := c.file("system/setFieldsDict", "dictionary")
	src := specSrc("/initial/regions")
	f.set("defaultFieldValues", src, grammar.ListOf())
	f.set("regions", src, grammar.ListOf(regions...))
}
