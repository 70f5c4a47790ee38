package vec

import "testing"

func TestVec(t *testing.T) {
	a, b := [3]float64{1, 2, 3}, [3]float64{4, 5, 6}
	if Add(a, b) != [3]float64{5, 7, 9} || Sub(b, a) != [3]float64{3, 3, 3} || Scale(a, 2) != [3]float64{2, 4, 6} {
		t.Error("add, sub or scale")
	}
	if Dot(a, b) != 32 || Cross([3]float64{1, 0, 0}, [3]float64{0, 1, 0}) != [3]float64{0, 0, 1} || Mag([3]float64{3, 4, 0}) != 5 {
		t.Error("dot, cross or mag")
	}
}
