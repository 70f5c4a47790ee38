package openfoam

import "testing"

func TestChooseDecomposition(t *testing.T) {
	for _, tc := range []struct {
		name   string
		ranks  int
		extent [3]float64
		skip   [3]bool
		want   Decomposition
	}{
		{"cavity 2D on 2", 2, [3]float64{0.1, 0.1, 0.01}, [3]bool{false, false, true}, Decomposition{"simple", [3]int{2, 1, 1}}},
		{"cavity 2D on 4", 4, [3]float64{0.1, 0.1, 0.01}, [3]bool{false, false, true}, Decomposition{"hierarchical", [3]int{2, 2, 1}}},
		{"long channel on 4", 4, [3]float64{10, 1, 1}, [3]bool{}, Decomposition{"simple", [3]int{4, 1, 1}}},
		{"tall 2D column on 2", 2, [3]float64{0.1, 2, 0.01}, [3]bool{false, false, true}, Decomposition{"simple", [3]int{1, 2, 1}}},
		{"cube on 8", 8, [3]float64{1, 1, 1}, [3]bool{}, Decomposition{"hierarchical", [3]int{2, 2, 2}}},
		{"2D on a prime", 3, [3]float64{1, 1, 0.1}, [3]bool{false, false, true}, Decomposition{"simple", [3]int{3, 1, 1}}},
		{"unknown extents", 6, [3]float64{}, [3]bool{}, Decomposition{"simple", [3]int{6, 1, 1}}},
		{"serial", 1, [3]float64{1, 1, 1}, [3]bool{}, Decomposition{"simple", [3]int{1, 1, 1}}},
	} {
		got := ChooseDecomposition(tc.ranks, tc.extent, tc.skip)
		if got != tc.want {
			t.Errorf("%s: ChooseDecomposition(%d, %v, %v) = %+v, want %+v", tc.name, tc.ranks, tc.extent, tc.skip, got, tc.want)
		}
		if p := got.N[0] * got.N[1] * got.N[2]; p != max(tc.ranks, 1) {
			t.Errorf("%s: product %d != ranks %d", tc.name, p, tc.ranks)
		}
	}
}
