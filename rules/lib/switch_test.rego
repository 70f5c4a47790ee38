# OpenFOAM's Switch as v1912's Switch.C parses it (rules/switch_test.go puts the same words
# through icoFoam's momentumPredictor).
package foamc.lib.switch_test

import data.foamc.lib
import data.foamc.test

test_switch_true if {
	every v in [true, 1, 2, -1, "true", "t", "yes", "y", "on", "any"] {
		lib.is_switch(v)
		lib.truthy(v)
		not lib.switch_off(v)
	}
}

test_switch_false if {
	every v in [false, 0, "false", "f", "no", "n", "off", "none"] {
		lib.is_switch(v)
		lib.switch_off(v)
		not lib.truthy(v)
	}
}

test_switch_words_case_sensitive if {
	every v in ["True", "YES", "On", "NONE", "Any", "F", "maybe", "enabled", "", 0.5] {
		not lib.is_switch(v)
		not lib.truthy(v)
		not lib.switch_off(v)
	}
}

# momentumPredictor none is false: the momentum equation is assembled, never solved.
test_momentum_predictor_none if {
	"U" in lib.solved with input as test.case
	not "U" in lib.solved with input as test.set(test.case, "/files/system~1fvSolution/SIMPLE/momentumPredictor", "none")
	"U" in lib.solved with input as test.set(test.case, "/files/system~1fvSolution/SIMPLE/momentumPredictor", "any")
}
