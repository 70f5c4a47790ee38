package schema

import (
	"encoding/json"
	"math"
)

// Velocity is a spec velocity: a vector or {magnitude, direction}. The compiler and
// verify both read it (verify must not import the compiler).
type Velocity struct {
	Vec       []float64 `json:"-"`
	Magnitude float64   `json:"magnitude"`
	Direction []float64 `json:"direction"`
}

func (v *Velocity) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '[' {
		return json.Unmarshal(b, &v.Vec)
	}
	type plain Velocity
	return json.Unmarshal(b, (*plain)(v))
}

// Vector returns the velocity as a vector (direction normalised, times magnitude).
func (v *Velocity) Vector() [3]float64 {
	if v.Vec != nil {
		return [3]float64{v.Vec[0], v.Vec[1], v.Vec[2]}
	}
	d := v.Direction
	n := math.Sqrt(d[0]*d[0] + d[1]*d[1] + d[2]*d[2])
	if n == 0 {
		return [3]float64{}
	}
	return [3]float64{v.Magnitude * d[0] / n, v.Magnitude * d[1] / n, v.Magnitude * d[2] / n}
}

// Scalar is a static value or {total: x}.
type Scalar struct {
	Value float64
	Total bool
}

func (s *Scalar) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '{' {
		var t struct {
			Total float64 `json:"total"`
		}
		if err := json.Unmarshal(b, &t); err != nil {
			return err
		}
		s.Value, s.Total = t.Total, true
		return nil
	}
	return json.Unmarshal(b, &s.Value)
}
