package repro

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/prbmc/prbmc/verifier/result"
)

// ctype is how the reproducer writes a nondet function's return type and
// its values.
type ctype struct {
	name   string // as C spells it
	kind   int    // kindInt, kindFloat, kindDouble, kindLongDouble, kindPointer, kindBool
	signed bool
	bytes  int // width, when known from the type name (0 for long, char*, …)
}

const (
	kindInt = iota
	kindBool
	kindFloat
	kindDouble
	kindLongDouble // x87 80-bit: its 10 data bytes, any encoding
	kindPointer
)

// typeFromIR reads the type name the verifier gives an input.
func typeFromIR(t string) (ctype, bool) {
	switch t {
	case "_Bool":
		return ctype{"_Bool", kindBool, false, 1}, true
	case "char":
		return ctype{"char", kindInt, true, 1}, true
	case "signed char":
		return ctype{"signed char", kindInt, true, 1}, true
	case "unsigned char":
		return ctype{"unsigned char", kindInt, false, 1}, true
	case "short":
		return ctype{"short", kindInt, true, 2}, true
	case "unsigned short":
		return ctype{"unsigned short", kindInt, false, 2}, true
	case "int", "enum(i32)":
		return ctype{"int", kindInt, true, 4}, true
	case "unsigned int", "enum(u32)":
		return ctype{"unsigned int", kindInt, false, 4}, true
	case "long":
		return ctype{"long", kindInt, true, 0}, true
	case "unsigned long":
		return ctype{"unsigned long", kindInt, false, 0}, true
	case "long long":
		return ctype{"long long", kindInt, true, 8}, true
	case "unsigned long long":
		return ctype{"unsigned long long", kindInt, false, 8}, true
	case "__int128":
		return ctype{"__int128", kindInt, true, 16}, true
	case "unsigned __int128":
		return ctype{"unsigned __int128", kindInt, false, 16}, true
	case "float":
		return ctype{"float", kindFloat, false, 4}, true
	case "double":
		return ctype{"double", kindDouble, false, 8}, true
	case "long double":
		return ctype{"long double", kindLongDouble, false, 10}, true
	}
	if strings.HasSuffix(t, "*") {
		return ctype{"void *", kindPointer, false, 0}, true
	}
	return ctype{}, false
}

// typeFromName is the return type SV-COMP gives __VERIFIER_nondet_<suffix>,
// for functions the program mentions but the trace never calls.
func typeFromName(suffix string) (ctype, bool) {
	ir, ok := map[string]string{
		"bool": "_Bool", "char": "char", "schar": "signed char", "uchar": "unsigned char",
		"short": "short", "ushort": "unsigned short", "int": "int", "uint": "unsigned int", "unsigned": "unsigned int",
		"long": "long", "ulong": "unsigned long", "longlong": "long long", "ulonglong": "unsigned long long",
		"float": "float", "double": "double", "long_double": "long double", "pointer": "void*",
		"u8": "unsigned char", "u16": "unsigned short", "u32": "unsigned int", "u64": "unsigned long long",
		"s8": "signed char", "s16": "short", "s32": "int", "s64": "long long",
		"int128": "__int128", "uint128": "unsigned __int128", "loff_t": "long", "sector_t": "unsigned long",
	}[suffix]
	if !ok {
		switch suffix {
		case "size_t":
			return ctype{"__SIZE_TYPE__", kindInt, false, 0}, true
		case "ssize_t", "ptrdiff_t":
			return ctype{"__PTRDIFF_TYPE__", kindInt, true, 0}, true
		}
		return ctype{}, false
	}
	return typeFromIR(ir)
}

// literal writes an input's value as a C constant of type t: from its
// bytes when it has them (exact, whatever the rendering), else from its
// rendered value.
func literal(t ctype, in result.Input) (string, error) {
	b := in.Bytes
	switch t.kind {
	case kindBool:
		if len(b) > 0 {
			return strconv.Itoa(int(b[0] & 1)), nil
		}
		if in.Value == "0" || in.Value == "false" {
			return "0", nil
		}
		return "1", nil
	case kindLongDouble:
		// The 10 bytes: a decimal rendering is not exact, and an
		// unnormal or a NaN's payload has no literal at all.
		if len(b) < t.bytes {
			return "", fmt.Errorf("value %q of %s: the long double's bytes are missing", in.Value, in.Why)
		}
		parts := make([]string, t.bytes)
		for i := range parts {
			parts[i] = fmt.Sprintf("0x%02x", b[i])
		}
		return "{" + strings.Join(parts, ", ") + "}", nil
	case kindFloat, kindDouble:
		var bits uint64
		width := 4
		if t.kind == kindDouble {
			width = 8
		}
		if len(b) == width {
			pad := make([]byte, 8)
			copy(pad, b)
			bits = binary.LittleEndian.Uint64(pad)
		} else {
			f, err := strconv.ParseFloat(in.Value, 64)
			if err != nil {
				return "", fmt.Errorf("value %q of %s", in.Value, in.Why)
			}
			if width == 4 {
				bits = uint64(math.Float32bits(float32(f)))
			} else {
				bits = math.Float64bits(f)
			}
		}
		if width == 4 {
			return fmt.Sprintf("0x%08xu", bits), nil
		}
		return fmt.Sprintf("0x%016xull", bits), nil
	}
	// Integers and pointers: the value as a big integer.
	var v *big.Int
	if len(b) > 0 {
		le := make([]byte, len(b))
		for i := range b {
			le[len(b)-1-i] = b[i]
		}
		v = new(big.Int).SetBytes(le)
		if t.signed && b[len(b)-1]&0x80 != 0 {
			v.Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
		}
	} else {
		s := strings.TrimPrefix(in.Value, "0x")
		base := 10
		if s != in.Value {
			base = 16
		}
		var ok bool
		if v, ok = new(big.Int).SetString(s, base); !ok {
			return "", fmt.Errorf("value %q of %s", in.Value, in.Why)
		}
	}
	if t.kind == kindPointer {
		if v.Sign() == 0 {
			return "(void *)0", nil
		}
		return fmt.Sprintf("(void *)(__UINTPTR_TYPE__)0x%xull", v), nil
	}
	return intLiteral(v, t), nil
}

// intLiteral spells v so that no constant overflows: wide values by
// halves, the most negative value as -MAX - 1.
func intLiteral(v *big.Int, t ctype) string {
	if v.BitLen() > 64 || t.bytes == 16 {
		mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 64), big.NewInt(1))
		u := new(big.Int).Set(v)
		if u.Sign() < 0 {
			u.Add(u, new(big.Int).Lsh(big.NewInt(1), 128))
		}
		hi := new(big.Int).Rsh(u, 64)
		lo := new(big.Int).And(u, mask)
		return fmt.Sprintf("(%s)(((unsigned __int128)0x%xull << 64) | 0x%xull)", t.name, hi, lo)
	}
	if v.Sign() >= 0 {
		if t.signed {
			return v.String()
		}
		return v.String() + "u"
	}
	if v.IsInt64() && v.Int64() == math.MinInt64 {
		return "(-9223372036854775807ll - 1)"
	}
	if v.IsInt64() && v.Int64() == math.MinInt32 {
		return "(-2147483647 - 1)"
	}
	return v.String()
}
