package grammar

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// evalScalar evaluates the scalar subset of v1912's `#eval` expression language
// (expressions/fields/fieldExprParser): numbers, + - * / % ^ (power), unary signs,
// parentheses, comparisons, && || !, the ternary ?:, pi() and the common math
// functions. Anything else (vectors, fields, `$[…]` typed variables) is reported as
// unsupported so the caller records the directive unevaluated with the reason.
func evalScalar(src string) (float64, error) {
	p := &exprParser{src: src}
	p.next()
	v, err := p.ternary()
	if err != nil {
		return 0, err
	}
	if p.tok != tEOF {
		return 0, fmt.Errorf("unexpected %q at offset %d", p.text, p.start)
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("result is not a finite number")
	}
	return v, nil
}

// formatEvalScalar prints a result as OpenFOAM would (shortest exact form; an
// integral value prints without a decimal point, as `Info<< scalar` does).
func formatEvalScalar(v float64) string {
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// unsupportedExpr marks input that is valid in OpenFOAM's expression language but
// outside the scalar subset evaluated here (field functions, vectors, variables).
type unsupportedExpr struct{ msg string }

func (e *unsupportedExpr) Error() string { return e.msg }

type exprTok int

const (
	tEOF exprTok = iota
	tNum
	tIdent
	tOp
)

type exprParser struct {
	src   string
	pos   int
	tok   exprTok
	text  string
	num   float64
	start int
	err   error
}

func (p *exprParser) next() {
	for p.pos < len(p.src) && strings.IndexByte(" \t\r\n", p.src[p.pos]) >= 0 {
		p.pos++
	}
	p.start = p.pos
	if p.pos >= len(p.src) {
		p.tok, p.text = tEOF, ""
		return
	}
	c := p.src[p.pos]
	switch {
	case c >= '0' && c <= '9' || c == '.':
		j := p.pos
		for j < len(p.src) && (p.src[j] >= '0' && p.src[j] <= '9' || p.src[j] == '.') {
			j++
		}
		if j < len(p.src) && (p.src[j] == 'e' || p.src[j] == 'E') {
			k := j + 1
			if k < len(p.src) && (p.src[k] == '+' || p.src[k] == '-') {
				k++
			}
			if k < len(p.src) && p.src[k] >= '0' && p.src[k] <= '9' {
				for k < len(p.src) && p.src[k] >= '0' && p.src[k] <= '9' {
					k++
				}
				j = k
			}
		}
		p.text = p.src[p.pos:j]
		v, err := strconv.ParseFloat(p.text, 64)
		if err != nil {
			p.err = fmt.Errorf("bad number %q", p.text)
		}
		p.tok, p.num, p.pos = tNum, v, j
	case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		j := p.pos
		for j < len(p.src) && (p.src[j] == '_' || p.src[j] >= 'a' && p.src[j] <= 'z' || p.src[j] >= 'A' && p.src[j] <= 'Z' || p.src[j] >= '0' && p.src[j] <= '9') {
			j++
		}
		p.tok, p.text, p.pos = tIdent, p.src[p.pos:j], j
	default:
		for _, op := range []string{"&&", "||", "==", "!=", "<=", ">="} {
			if strings.HasPrefix(p.src[p.pos:], op) {
				p.tok, p.text, p.pos = tOp, op, p.pos+2
				return
			}
		}
		p.tok, p.text, p.pos = tOp, string(c), p.pos+1
	}
}

func (p *exprParser) expect(op string) error {
	if p.tok != tOp || p.text != op {
		return fmt.Errorf("expected %q at offset %d, found %q", op, p.start, p.text)
	}
	p.next()
	return nil
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func (p *exprParser) ternary() (float64, error) {
	c, err := p.binary(0)
	if err != nil {
		return 0, err
	}
	if p.tok == tOp && p.text == "?" {
		p.next()
		a, err := p.ternary()
		if err != nil {
			return 0, err
		}
		if err := p.expect(":"); err != nil {
			return 0, err
		}
		b, err := p.ternary()
		if err != nil {
			return 0, err
		}
		if c != 0 {
			return a, nil
		}
		return b, nil
	}
	return c, nil
}

var exprPrec = map[string]int{"||": 1, "&&": 2, "==": 3, "!=": 3, "<": 4, ">": 4, "<=": 4, ">=": 4, "+": 5, "-": 5, "*": 6, "/": 6, "%": 6, "^": 8}

// binary is precedence climbing; ^ is right-associative and binds tighter than unary minus.
func (p *exprParser) binary(min int) (float64, error) {
	lhs, err := p.unary()
	if err != nil {
		return 0, err
	}
	for p.tok == tOp {
		op := p.text
		prec, ok := exprPrec[op]
		if !ok || prec < min {
			break
		}
		p.next()
		nextMin := prec + 1
		if op == "^" {
			nextMin = prec
		}
		rhs, err := p.binary(nextMin)
		if err != nil {
			return 0, err
		}
		switch op {
		case "||":
			lhs = b2f(lhs != 0 || rhs != 0)
		case "&&":
			lhs = b2f(lhs != 0 && rhs != 0)
		case "==":
			lhs = b2f(lhs == rhs)
		case "!=":
			lhs = b2f(lhs != rhs)
		case "<":
			lhs = b2f(lhs < rhs)
		case ">":
			lhs = b2f(lhs > rhs)
		case "<=":
			lhs = b2f(lhs <= rhs)
		case ">=":
			lhs = b2f(lhs >= rhs)
		case "+":
			lhs += rhs
		case "-":
			lhs -= rhs
		case "*":
			lhs *= rhs
		case "/":
			lhs /= rhs
		case "%":
			lhs = math.Mod(lhs, rhs)
		case "^":
			lhs = math.Pow(lhs, rhs)
		}
	}
	return lhs, nil
}

func (p *exprParser) unary() (float64, error) {
	if p.tok == tOp {
		switch p.text {
		case "-":
			p.next()
			v, err := p.binary(7)
			return -v, err
		case "+":
			p.next()
			return p.binary(7)
		case "!":
			p.next()
			v, err := p.binary(7)
			return b2f(v == 0), err
		}
	}
	return p.primary()
}

var exprFuncs1 = map[string]func(float64) float64{
	"mag": math.Abs, "abs": math.Abs, "sqrt": math.Sqrt, "cbrt": math.Cbrt, "exp": math.Exp,
	"log": math.Log, "log10": math.Log10, "sin": math.Sin, "cos": math.Cos, "tan": math.Tan,
	"asin": math.Asin, "acos": math.Acos, "atan": math.Atan, "sinh": math.Sinh, "cosh": math.Cosh,
	"tanh": math.Tanh, "floor": math.Floor, "ceil": math.Ceil, "round": math.Round,
	"sqr":      func(x float64) float64 { return x * x },
	"magSqr":   func(x float64) float64 { return x * x },
	"sign":     func(x float64) float64 { return math.Copysign(1, x) },
	"pos":      func(x float64) float64 { return b2f(x >= 0) },
	"bool":     func(x float64) float64 { return b2f(x != 0) },
	"neg":      func(x float64) float64 { return b2f(x < 0) },
	"degToRad": func(x float64) float64 { return x * math.Pi / 180 },
	"radToDeg": func(x float64) float64 { return x * 180 / math.Pi },
}

var exprFuncs2 = map[string]func(float64, float64) float64{
	"pow": math.Pow, "atan2": math.Atan2, "min": math.Min, "max": math.Max, "hypot": math.Hypot,
}

func (p *exprParser) primary() (float64, error) {
	if p.err != nil {
		return 0, p.err
	}
	switch p.tok {
	case tNum:
		v := p.num
		p.next()
		return v, p.err
	case tIdent:
		name := p.text
		p.next()
		switch name {
		case "true":
			return 1, nil
		case "false":
			return 0, nil
		}
		if p.tok != tOp || p.text != "(" {
			return 0, &unsupportedExpr{fmt.Sprintf("unknown name %q (foamc evaluates numbers and $macros)", name)}
		}
		p.next()
		var args []float64
		for !(p.tok == tOp && p.text == ")") {
			v, err := p.ternary()
			if err != nil {
				return 0, err
			}
			args = append(args, v)
			if p.tok == tOp && p.text == "," {
				p.next()
				continue
			}
			if p.tok != tOp || p.text != ")" {
				return 0, fmt.Errorf("expected ',' or ')' in call to %s at offset %d", name, p.start)
			}
		}
		p.next()
		switch {
		case name == "pi" && len(args) == 0:
			return math.Pi, nil
		case exprFuncs1[name] != nil && len(args) == 1:
			return exprFuncs1[name](args[0]), nil
		case exprFuncs2[name] != nil && len(args) == 2:
			return exprFuncs2[name](args[0], args[1]), nil
		}
		if _, known := exprFuncs1[name]; known {
			return 0, fmt.Errorf("%s takes 1 argument, got %d", name, len(args))
		}
		if _, known := exprFuncs2[name]; known {
			return 0, fmt.Errorf("%s takes 2 arguments, got %d", name, len(args))
		}
		return 0, &unsupportedExpr{fmt.Sprintf("function %s/%d is outside foamc's scalar evaluator", name, len(args))}
	case tOp:
		if p.text == "(" {
			p.next()
			v, err := p.ternary()
			if err != nil {
				return 0, err
			}
			return v, p.expect(")")
		}
	}
	if p.tok == tEOF {
		return 0, fmt.Errorf("unexpected end of expression")
	}
	return 0, fmt.Errorf("unexpected %q at offset %d", p.text, p.start)
}
