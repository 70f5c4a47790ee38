package compiler

import (
	"bytes"
	"strings"

	"github.com/foamc/foamc/grammar"
)

// format prints a built file with grammar.Format. Until the grammar printer lands
// (grammar.Format returns nil while it is pending) a minimal canonical writer for the node
// kinds the compiler builds stands in; delete bridgeFormat once grammar.Format is real.
func format(f *grammar.File) []byte {
	if b := grammar.Format(f); b != nil {
		return b
	}
	return bridgeFormat(f)
}

const banner = `/*--------------------------------*- C++ -*----------------------------------*\
| =========                 |                                                 |
| \\      /  F ield         | OpenFOAM: The Open Source CFD Toolbox           |
|  \\    /   O peration     | Version:  v1912                                 |
|   \\  /    A nd           | Website:  www.openfoam.com                      |
|    \\/     M anipulation  |                                                 |
\*---------------------------------------------------------------------------*/
`

func bridgeFormat(f *grammar.File) []byte {
	var b bytes.Buffer
	b.WriteString(banner)
	if f.Header != nil {
		writeEntry(&b, f.Header, 0)
	}
	b.WriteString("// * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * //\n\n")
	for _, e := range f.Body.Entries {
		writeEntry(&b, e, 0)
		if _, ok := e.(*grammar.DictEntry); ok {
			b.WriteByte('\n')
		}
	}
	b.WriteString("\n// ************************************************************************* //\n")
	return b.Bytes()
}

func writeEntry(b *bytes.Buffer, e grammar.Entry, depth int) {
	ind := strings.Repeat("    ", depth)
	switch e := e.(type) {
	case *grammar.PrimitiveEntry:
		b.WriteString(ind + e.Key.Raw)
		if len(e.Value) > 0 {
			pad := 16 - len(e.Key.Raw)
			if pad < 1 {
				pad = 1
			}
			b.WriteString(strings.Repeat(" ", pad))
			for i, it := range e.Value {
				if i > 0 {
					b.WriteByte(' ')
				}
				writeItem(b, it)
			}
		}
		b.WriteString(";\n")
	case *grammar.DictEntry:
		b.WriteString(ind + e.Key.Raw + "\n" + ind + "{\n")
		for _, c := range e.Dict.Entries {
			writeEntry(b, c, depth+1)
		}
		b.WriteString(ind + "}\n")
	case *grammar.ListEntry:
		writeItem(b, e.Value)
		b.WriteByte('\n')
	}
}

func writeItem(b *bytes.Buffer, it grammar.Item) {
	switch it := it.(type) {
	case *grammar.Word:
		b.WriteString(it.Value)
	case *grammar.String:
		b.WriteString(it.Raw)
	case *grammar.Number:
		b.WriteString(it.Raw)
	case *grammar.List:
		b.WriteByte('(')
		for i, x := range it.Items {
			if i > 0 {
				b.WriteByte(' ')
			}
			writeItem(b, x)
		}
		b.WriteByte(')')
	case *grammar.DimSet:
		b.WriteByte('[')
		for i, x := range it.Items {
			if i > 0 {
				b.WriteByte(' ')
			}
			writeItem(b, x)
		}
		b.WriteByte(']')
	case *grammar.Dict:
		b.WriteString("{ ")
		for _, e := range it.Entries {
			var sub bytes.Buffer
			writeEntry(&sub, e, 0)
			b.WriteString(strings.TrimSuffix(sub.String(), "\n") + " ")
		}
		b.WriteByte('}')
	}
}
