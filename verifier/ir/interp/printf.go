package interp

import (
	"math"
	"strconv"

	"github.com/prbmc/prbmc/verifier/ir"
)

// fmtSpec is one parsed printf conversion specification.
type fmtSpec struct {
	minus, plus, space, zero, hash bool
	width                          int
	prec                           int // -1: none
	bits                           int // integer argument width from the length modifier
	conv                           byte
}

// printf formats like glibc's printf and writes the result; it returns the
// number of bytes written.
func (m *machine) printf(in *cinstr, args []val) int {
	var kinds []skind
	if call, ok := in.src.(*ir.Call); ok {
		for _, a := range call.Args {
			kinds = append(kinds, kindOf(a.Type()))
		}
	}
	format := m.cstring(args[0], -1)
	out := m.buf[:0]
	ai := 1
	next := func(what byte) (val, skind) {
		if ai >= len(args) {
			m.fail("printf: no argument for %%%c (format %q)", what, format)
		}
		v := args[ai]
		k := kNone
		if ai < len(kinds) {
			k = kinds[ai]
		}
		ai++
		return v, k
	}
	nextInt := func() int {
		v, _ := next('*')
		return int(int32(v.bits))
	}
	longBits := 64
	if m.pw == 4 {
		longBits = 32
	}
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			out = append(out, c)
			continue
		}
		start := i
		i++
		sp := fmtSpec{prec: -1, bits: 32}
	flags:
		for ; i < len(format); i++ {
			switch format[i] {
			case '-':
				sp.minus = true
			case '+':
				sp.plus = true
			case ' ':
				sp.space = true
			case '0':
				sp.zero = true
			case '#':
				sp.hash = true
			case '\'':
			default:
				break flags
			}
		}
		if i < len(format) && format[i] == '*' {
			i++
			w := nextInt()
			if w < 0 {
				sp.minus = true
				w = -w
			}
			sp.width = w
		} else {
			sp.width, i = m.fmtDigits(format, i, "field width")
		}
		if i < len(format) && format[i] == '$' {
			m.fail("printf: positional arguments are not supported")
		}
		if i < len(format) && format[i] == '.' {
			i++
			sp.prec = 0
			if i < len(format) && format[i] == '*' {
				i++
				p := nextInt()
				if p < 0 {
					p = -1
				}
				sp.prec = p
			} else {
				sp.prec, i = m.fmtDigits(format, i, "precision")
			}
		}
	length:
		for i < len(format) {
			switch format[i] {
			case 'h':
				if sp.bits == 16 {
					sp.bits = 8
				} else {
					sp.bits = 16
				}
			case 'l':
				if sp.bits == longBits && i > 0 && format[i-1] == 'l' {
					sp.bits = 64
				} else {
					sp.bits = longBits
				}
			case 'L', 'q', 'j':
				sp.bits = 64
			case 'z', 't':
				sp.bits = int(m.pw) * 8
			default:
				break length
			}
			i++
		}
		if i >= len(format) {
			out = append(out, format[start:]...)
			break
		}
		sp.conv = format[i]
		switch sp.conv {
		case '%':
			out = append(out, '%')
		case 'd', 'i':
			v, k := next(sp.conv)
			x := int64(m.intBits(v, k)<<(64-sp.bits)) >> (64 - sp.bits)
			u := uint64(x)
			if x < 0 {
				u = -u
			}
			out = fmtInteger(out, &sp, x < 0, u, 10, true)
		case 'u', 'x', 'X', 'o':
			v, k := next(sp.conv)
			u := m.intBits(v, k)
			if sp.bits < 64 {
				u &= 1<<uint(sp.bits) - 1
			}
			base := 10
			switch sp.conv {
			case 'x', 'X':
				base = 16
			case 'o':
				base = 8
			}
			out = fmtInteger(out, &sp, false, u, base, false)
		case 'c':
			v, _ := next('c')
			out = pad(out, &sp, nil, []byte{byte(v.bits)}, false)
		case 's':
			v, _ := next('s')
			var s []byte
			if v.obj == nil && v.bits == 0 {
				if sp.prec < 0 || sp.prec >= 6 {
					s = []byte("(null)")
				}
			} else {
				s = m.cstring(v, sp.prec)
			}
			out = pad(out, &sp, nil, s, false)
		case 'p':
			v, _ := next('p')
			if v.obj == nil && v.bits == 0 {
				out = pad(out, &sp, nil, []byte("(nil)"), false)
			} else {
				a := m.addrOf(v.obj, int64(v.bits))
				if m.pw == 4 {
					a = uint64(uint32(a))
				}
				sp.hash = true
				out = fmtInteger(out, &sp, false, a, 16, false)
			}
		case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A':
			v, k := next(sp.conv)
			var f float64
			switch k {
			case kF32:
				f = float64(f32(v))
			default:
				f = f64(v)
			}
			out = fmtFloat(out, &sp, f)
		case 'n':
			v, _ := next('n')
			var k skind
			switch sp.bits {
			case 8:
				k = kI8
			case 16:
				k = kI16
			case 32:
				k = kI32
			default:
				k = kI64
			}
			m.store(k, v.obj, int64(v.bits), val{bits: uint64(len(out))})
		default:
			// glibc prints an unknown conversion as it is written
			out = append(out, format[start:i+1]...)
		}
	}
	m.write(out)
	n := len(out)
	if cap(out) <= 1<<16 {
		m.buf = out
	}
	return n
}

// intBits returns the integer bits of a printf argument.
func (m *machine) intBits(v val, k skind) uint64 {
	if k == kPtr {
		return m.addrOf(v.obj, int64(v.bits))
	}
	return v.bits
}

// pad writes prefix+body padded to the field width.
func pad(out []byte, sp *fmtSpec, prefix, body []byte, zeroPad bool) []byte {
	n := len(prefix) + len(body)
	fill := sp.width - n
	if fill <= 0 {
		out = append(out, prefix...)
		return append(out, body...)
	}
	switch {
	case sp.minus:
		out = append(out, prefix...)
		out = append(out, body...)
		for ; fill > 0; fill-- {
			out = append(out, ' ')
		}
	case zeroPad:
		out = append(out, prefix...)
		for ; fill > 0; fill-- {
			out = append(out, '0')
		}
		out = append(out, body...)
	default:
		for ; fill > 0; fill-- {
			out = append(out, ' ')
		}
		out = append(out, prefix...)
		out = append(out, body...)
	}
	return out
}

func fmtInteger(out []byte, sp *fmtSpec, neg bool, u uint64, base int, signed bool) []byte {
	var tmp [96]byte
	digits := tmp[:0]
	if !(sp.prec == 0 && u == 0) {
		digits = strconv.AppendUint(digits, u, base)
	}
	if sp.conv == 'X' {
		for i, c := range digits {
			if c >= 'a' && c <= 'f' {
				digits[i] = c - 'a' + 'A'
			}
		}
	}
	var zeros []byte
	if sp.prec > len(digits) {
		zeros = make([]byte, sp.prec-len(digits))
		for i := range zeros {
			zeros[i] = '0'
		}
	}
	var pre [3]byte
	prefix := pre[:0]
	if signed {
		switch {
		case neg:
			prefix = append(prefix, '-')
		case sp.plus:
			prefix = append(prefix, '+')
		case sp.space:
			prefix = append(prefix, ' ')
		}
	}
	if sp.hash {
		switch {
		case base == 8 && len(zeros) == 0 && (len(digits) == 0 || digits[0] != '0'):
			zeros = []byte{'0'}
		case base == 16 && u != 0:
			if sp.conv == 'X' {
				prefix = append(prefix, '0', 'X')
			} else {
				prefix = append(prefix, '0', 'x')
			}
		}
	}
	body := digits
	if len(zeros) > 0 {
		body = append(zeros, digits...)
	}
	return pad(out, sp, prefix, body, sp.zero && !sp.minus && sp.prec < 0)
}

func upperASCII(b []byte) {
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
}

// fmtFloat formats f for %f %F %e %E %g %G %a %A like glibc.
func fmtFloat(out []byte, sp *fmtSpec, f float64) []byte {
	conv := sp.conv
	upper := conv == 'F' || conv == 'E' || conv == 'G' || conv == 'A'
	lc := conv | 0x20
	var pre [1]byte
	prefix := pre[:0]
	switch {
	case math.Signbit(f):
		prefix = append(prefix, '-')
	case sp.plus:
		prefix = append(prefix, '+')
	case sp.space:
		prefix = append(prefix, ' ')
	}
	if math.IsInf(f, 0) || math.IsNaN(f) {
		body := []byte("inf")
		if math.IsNaN(f) {
			body = []byte("nan")
		}
		if upper {
			upperASCII(body)
		}
		return pad(out, sp, prefix, body, false)
	}
	a := math.Abs(f)
	prec := sp.prec
	var body []byte
	switch lc {
	case 'f':
		if prec < 0 {
			prec = 6
		}
		body = strconv.AppendFloat(nil, a, 'f', prec, 64)
		if sp.hash && prec == 0 {
			body = append(body, '.')
		}
	case 'e':
		if prec < 0 {
			prec = 6
		}
		body = strconv.AppendFloat(nil, a, 'e', prec, 64)
		if sp.hash && prec == 0 {
			body = insertDot(body)
		}
	case 'g':
		p := prec
		if p < 0 {
			p = 6
		} else if p == 0 {
			p = 1
		}
		e := strconv.AppendFloat(nil, a, 'e', p-1, 64)
		x := expOf(e)
		if x < -4 || x >= p {
			body = e
			if sp.hash && x == p && expOf(strconv.AppendFloat(nil, a, 'e', 800, 64)) == p-1 {
				// glibc quirk: when rounding carries a value that would
				// print in %f style (exponent P-1) into exponent P,
				// %#g prints it with no fraction digits: "1.e+06".
				body = insertDot(strconv.AppendFloat(nil, a, 'e', 0, 64))
			} else if !sp.hash {
				body = stripZerosE(body)
			} else if p == 1 {
				body = insertDot(body)
			}
		} else {
			body = strconv.AppendFloat(nil, a, 'f', p-1-x, 64)
			if !sp.hash {
				body = stripZeros(body)
			} else if p-1-x == 0 {
				body = append(body, '.')
			}
		}
	case 'a':
		body = fmtHexFloat(a, prec, sp.hash)
		if upper {
			upperASCII(body)
			prefix = append(prefix, '0', 'X')
		} else {
			prefix = append(prefix, '0', 'x')
		}
		return pad(out, sp, prefix, body, sp.zero && !sp.minus)
	}
	if upper {
		upperASCII(body)
	}
	return pad(out, sp, prefix, body, sp.zero && !sp.minus)
}

// expOf returns the decimal exponent of a strconv 'e' formatted number.
func expOf(e []byte) int {
	for i := len(e) - 1; i >= 0; i-- {
		if e[i] == 'e' {
			x, _ := strconv.Atoi(string(e[i+1:]))
			return x
		}
	}
	return 0
}

// insertDot turns "1e+05" into "1.e+05".
func insertDot(b []byte) []byte {
	for i, c := range b {
		if c == 'e' || c == 'E' {
			r := make([]byte, 0, len(b)+1)
			r = append(r, b[:i]...)
			r = append(r, '.')
			return append(r, b[i:]...)
		}
	}
	return append(b, '.')
}

// stripZeros removes trailing fraction zeros (and a bare point).
func stripZeros(b []byte) []byte {
	hasDot := false
	for _, c := range b {
		if c == '.' {
			hasDot = true
		}
	}
	if !hasDot {
		return b
	}
	for len(b) > 0 && b[len(b)-1] == '0' {
		b = b[:len(b)-1]
	}
	if len(b) > 0 && b[len(b)-1] == '.' {
		b = b[:len(b)-1]
	}
	return b
}

func stripZerosE(b []byte) []byte {
	for i, c := range b {
		if c == 'e' {
			mant := stripZeros(append([]byte(nil), b[:i]...))
			return append(mant, b[i:]...)
		}
	}
	return b
}

// fmtHexFloat formats a >= 0 as glibc's %a without the "0x" prefix.
func fmtHexFloat(a float64, prec int, hash bool) []byte {
	bits := math.Float64bits(a)
	mant := bits & (1<<52 - 1)
	bexp := int(bits>>52) & 0x7ff
	lead := uint64(1)
	exp := bexp - 1023
	switch {
	case bexp == 0 && mant == 0:
		lead, exp = 0, 0
	case bexp == 0:
		lead, exp = 0, -1022
	}
	// 13 hex digits of fraction
	digits := 13
	if prec >= 0 && prec < 13 {
		shift := uint(4 * (13 - prec))
		rem := mant & (1<<shift - 1)
		mant >>= shift
		half := uint64(1) << (shift - 1)
		last := mant & 1
		if prec == 0 {
			last = lead & 1
		}
		if rem > half || (rem == half && last == 1) {
			mant++
			if mant>>(4*uint(prec)) != 0 {
				mant &= 1<<(4*uint(prec)) - 1
				lead++
			}
		}
		digits = prec
	}
	frac := make([]byte, 0, 16)
	for i := digits - 1; i >= 0; i-- {
		frac = append(frac, "0123456789abcdef"[(mant>>(4*uint(i)))&15])
	}
	if prec < 0 {
		for len(frac) > 0 && frac[len(frac)-1] == '0' {
			frac = frac[:len(frac)-1]
		}
	} else {
		for len(frac) < prec {
			frac = append(frac, '0')
		}
	}
	b := strconv.AppendUint(nil, lead, 16)
	if len(frac) > 0 || hash {
		b = append(b, '.')
		b = append(b, frac...)
	}
	b = append(b, 'p')
	if exp >= 0 {
		b = append(b, '+')
	}
	return strconv.AppendInt(b, int64(exp), 10)
}

// fmtDigits reads the decimal number at format[i:] (0 if there is none),
// a field width or precision (what), failing above 2^20; it returns the
// number and the index after its digits.
func (m *machine) fmtDigits(format []byte, i int, what string) (int, int) {
	n := 0
	for i < len(format) && format[i] >= '0' && format[i] <= '9' {
		n = n*10 + int(format[i]-'0')
		if n > 1<<20 {
			m.fail("printf: %s too large", what)
		}
		i++
	}
	return n, i
}
