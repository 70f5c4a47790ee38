package mine

import (
	"testing"

	"github.com/foamc/foamc/kb"
)

// TestFoundationRegistrations: the registration macros of Foundation 12's fvPatchField.H
// (null-constructable forms) register a BC as makePatchTypeField does.
func TestFoundationRegistrations(t *testing.T) {
	regs := map[string][]reg{}
	scanRegistrations(newCFile("x.C", `
makeNullConstructablePatchTypeField
(
    fvPatchVectorField,
    noSlipFvPatchVectorField
);
makeNullConstructablePatchFields(fixedValue);
`), regs)
	if len(regs["noSlipFvPatchVectorField"]) != 1 || regs["noSlipFvPatchVectorField"][0].rank != "vector" {
		t.Errorf("noSlip: %v", regs["noSlipFvPatchVectorField"])
	}
	if len(regs["stem:fixedValueFvPatchField"]) != len(allRanks) {
		t.Errorf("fixedValue: %v", regs["stem:fixedValueFvPatchField"])
	}
}

// TestPrghInstances: makePrghPatchScalarField(totalPressure, prghTotalPressure) gets the
// base's contract, scalar only, plus the template's optional rho.
func TestPrghInstances(t *testing.T) {
	cs := map[string]*kb.Contract{"totalPressure": {Type: "totalPressure", Ranks: []string{"scalar"}, Required: []string{"p0"},
		Optional: map[string]string{"U": "U"}, Bases: []string{"fixedValue"}, Provenance: []string{"a.H:1"}}}
	addPrgh(cs, []prghInstance{{"totalPressure", "prghTotalPressure", "p.C:39"}, {"nothing", "prghNothing", "p.C:41"}})
	c := cs["prghTotalPressure"]
	if c == nil || c.Required[0] != "p0" || c.Optional["rho"] != "rho" || c.Bases[0] != "totalPressure" || c.Provenance[1] != "p.C:39" {
		t.Fatalf("prghTotalPressure: %+v", c)
	}
	if _, ok := cs["prghNothing"]; ok {
		t.Error("an instance of an unknown base got a contract")
	}
	if _, ok := cs["totalPressure"].Optional["rho"]; ok {
		t.Error("the base's contract was changed")
	}
}
