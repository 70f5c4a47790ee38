package grammar

import (
	"fmt"

	"github.com/foamc/foamc/finding"
)

// IDExpansion is raised when macro substitution would copy more than MaxExpansion items.
const IDExpansion = "FOAM-EXPAND-014"

// DefaultMaxExpansion bounds the items (list elements, entries, tokens, counted through
// nested lists and dictionaries) that `$var` and `$dict;` substitutions may copy in one
// expansion. Real cases copy a few thousand; `b ($a $a); c ($b $b); …` doubles per line and
// would otherwise reach billions of items in the JSON output, the case document and the rules.
const DefaultMaxExpansion = 1 << 20

// charge debits the size of a substituted value (items) or dictionary (d) from the
// expansion budget. It returns false once the budget is spent; the first time, with one
// located finding. The walk stops as soon as the budget is exceeded, so charging costs at
// most the budget in total however the substitutions share structure.
func (x *expander) charge(items []Item, d *ExpDict, at *srcFile, pos Pos, what string) bool {
	if x.overBudget {
		return false
	}
	if d != nil {
		x.budget = d.spend(x.budget)
	} else {
		x.budget = spendItems(items, x.budget)
	}
	if x.budget >= 0 {
		return true
	}
	x.overBudget = true
	x.finding(IDExpansion, finding.Deny, at, pos,
		fmt.Sprintf("substituting %s exceeds the expansion limit of %d items", what, x.opts.MaxExpansion),
		"macro substitutions copy their values; values built from repeated earlier substitutions grow exponentially",
		"substitute fewer copies, or raise ExpandOptions.MaxExpansion if the case really needs this")
	return false
}

// spendItems subtracts the size of items from left, stopping once it is negative.
func spendItems(items []Item, left int) int {
	for _, it := range items {
		if left--; left < 0 {
			return left
		}
		switch v := it.(type) {
		case *List:
			left = spendItems(v.Items, left)
		case *DimSet:
			left = spendItems(v.Items, left)
		case *UniformList:
			left = spendItems([]Item{v.Value}, left)
		case *DirectiveItem:
			left = spendItems(v.Args, left)
		case *Dict:
			left = spendEntries(v.Entries, left)
		}
		if left < 0 {
			return left
		}
	}
	return left
}

func spendEntries(entries []Entry, left int) int {
	for _, e := range entries {
		if left--; left < 0 {
			return left
		}
		switch v := e.(type) {
		case *PrimitiveEntry:
			left = spendItems(v.Value, left)
		case *DictEntry:
			left = spendEntries(v.Dict.Entries, left)
		case *ListEntry:
			left = spendItems([]Item{v.Value}, left)
		case *DirectiveEntry:
			left = spendItems(v.Args, left)
		}
		if left < 0 {
			return left
		}
	}
	return left
}

// spend subtracts the size of d from left, stopping once it is negative.
func (d *ExpDict) spend(left int) int {
	for _, e := range d.Entries {
		if left--; left < 0 {
			return left
		}
		if e.Dict != nil {
			left = e.Dict.spend(left)
		} else {
			left = spendItems(e.Value, left)
		}
		if left < 0 {
			return left
		}
	}
	return left
}
