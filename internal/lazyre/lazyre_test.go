package lazyre

import "testing"

func TestRe(t *testing.T) {
	r := New(`a(b+)`)
	if r.re != nil {
		t.Fatal("compiled before use")
	}
	if m := r.Re().FindStringSubmatch("xabbb"); len(m) != 2 || m[1] != "bbb" {
		t.Errorf("match = %q", m)
	}
	if r.Re() != r.Re() {
		t.Error("compiled twice")
	}
	defer func() {
		if recover() == nil {
			t.Error("invalid expression did not panic")
		}
	}()
	New(`(`).Re()
}
