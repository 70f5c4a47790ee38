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

// TestMisspeltUsageRow: Foundation 12's mappedInternalValue constructor (verbatim, .C:69-87)
// reads interpolationScheme after a ternary member initialiser, always; its Usage table
// (.H:39) spells it interplolationScheme. The code's key is required, the table's typo is
// dropped; a short key two edits from another (Ks, E) is no typo.
func TestMisspeltUsageRow(t *testing.T) {
	init := `    fixedValueFvPatchField<Type>(p, iF, dict),
    fieldName_(dict.lookupOrDefault<word>("field", iF.name())),
    setAverage_
    (
        dict.lookupOrDefault<bool>("setAverage", dict.found("average"))
    ),
    average_
    (
        setAverage_
      ? dict.lookup<Type>("average", iF.dimensions())
      : Zero
    ),
    interpolationScheme_(dict.lookup<word>("interpolationScheme")),
    mapperPtr_
    (
        mappedInternalPatchBase::specified(dict)
      ? new mappedInternalPatchBase(p.patch(), dict)
      : nullptr
    )`
	ci := parseCtor(newCFile("m.C", init+"\n{}"), init, "{}", 0, len(init)+1)
	if e := ci.keys["interpolationScheme"]; e == nil || e.Status != "required" {
		t.Fatalf("interpolationScheme after a ternary initialiser: %+v", e)
	}
	if e := ci.keys["average"]; e == nil || e.Status == "required" {
		t.Errorf("average, read inside the ternary, is not required: %+v", e)
	}
	keys := map[string]*kb.KeyEvidence{
		"interplolationScheme": {Key: "interplolationScheme", Status: "required", Table: "yes", Description: "the interpolation scheme to use"},
		"interpolationScheme":  ci.keys["interpolationScheme"],
		"Ks":                   {Key: "Ks", Status: "required", Table: "yes"},
		"E":                    {Key: "E", Status: "optional", Code: "getOrDefault"},
	}
	misspelt(keys, []tableRow{{key: "interplolationScheme"}, {key: "Ks"}})
	if _, ok := keys["interplolationScheme"]; ok {
		t.Error("the table's misspelling is kept")
	}
	if e := keys["interpolationScheme"]; e.Description != "the interpolation scheme to use" || e.Status != "required" {
		t.Errorf("interpolationScheme: %+v", e)
	}
	if _, ok := keys["Ks"]; !ok {
		t.Error("Ks is no misspelling of E")
	}
	sorption := map[string]*kb.KeyEvidence{
		"kbas": {Key: "kbas", Status: "required", Table: "yes"},
		"kabs": {Key: "kabs", Status: "required", Code: "get"},
	}
	misspelt(sorption, []tableRow{{key: "kbas"}})
	if _, ok := sorption["kbas"]; ok || sorption["kabs"] == nil {
		t.Errorf("v2506 timeVaryingMassSorption's table kbas is its code's kabs: %v", sorption)
	}
}
