package grammar

import (
	"fmt"
	"hash/fnv"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

var (
	rangeType = reflect.TypeOf(Range{})
	posType   = reflect.TypeOf(Pos{})
)

// dumpAST renders an AST without positions, so two parses of equivalent text compare equal.
// File.Name, File.Src and File.Warnings are left out (they describe the input, not the tree).
func dumpAST(f *File) string {
	var b strings.Builder
	v := reflect.ValueOf(f).Elem()
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		switch t.Field(i).Name {
		case "Name", "Src", "Warnings":
			continue
		}
		b.WriteString(t.Field(i).Name + "=")
		dumpValue(&b, v.Field(i), 0)
		b.WriteByte('\n')
	}
	return b.String()
}

// dumpFields caches, per struct type, the indexes of the fields the dump shows.
var dumpFields sync.Map // reflect.Type -> []int

func fieldsOf(t reflect.Type) []int {
	if v, ok := dumpFields.Load(t); ok {
		return v.([]int)
	}
	var idx []int
	for i := 0; i < t.NumField(); i++ {
		ft := t.Field(i)
		if ft.Type != rangeType && ft.Type != posType && ft.IsExported() {
			idx = append(idx, i)
		}
	}
	dumpFields.Store(t, idx)
	return idx
}

func dumpValue(b *strings.Builder, v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		if v.Kind() == reflect.Interface {
			b.WriteString(v.Elem().Type().String())
		}
		dumpValue(b, v.Elem(), depth)
	case reflect.Struct:
		b.WriteByte('{')
		t := v.Type()
		for _, i := range fieldsOf(t) {
			b.WriteString(t.Field(i).Name)
			b.WriteByte(':')
			dumpValue(b, v.Field(i), depth+1)
			b.WriteByte(' ')
		}
		b.WriteByte('}')
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			dumpString(b, string(v.Bytes()))
			return
		}
		b.WriteByte('[')
		for i := 0; i < v.Len(); i++ {
			dumpValue(b, v.Index(i), depth+1)
			b.WriteByte(',')
		}
		b.WriteByte(']')
	case reflect.String:
		dumpString(b, v.String())
	case reflect.Bool:
		b.WriteString(strconv.FormatBool(v.Bool()))
	case reflect.Int, reflect.Int64, reflect.Int32:
		b.WriteString(strconv.FormatInt(v.Int(), 10))
	case reflect.Uint8:
		b.WriteString(strconv.FormatUint(v.Uint(), 10))
	case reflect.Float64:
		b.WriteString(strconv.FormatFloat(v.Float(), 'g', -1, 64))
	default:
		fmt.Fprintf(b, "%v", v.Interface())
	}
}

// dumpString quotes short strings and fingerprints long ones (big lists), which keeps the
// comparison exact in practice and the dump small.
func dumpString(b *strings.Builder, s string) {
	if len(s) <= 256 {
		b.WriteString(strconv.Quote(s))
		return
	}
	h := fnv.New64a()
	h.Write([]byte(s))
	fmt.Fprintf(b, "<%d bytes %x>", len(s), h.Sum64())
}
