package smt

// Logic names the SMT-LIB logic of t's theories ("QF_BV", "QF_ABV",
// "QF_BVFP", or "" for arrays with floats), so a solver can pick its
// specialised, bit-blasting strategy.
func Logic(t *Term) string {
	arrays, fp := false, false
	seen := map[uint64]bool{}
	stack := []*Term{t}
	for len(stack) > 0 && !(arrays && fp) {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n.ID()] {
			continue
		}
		seen[n.ID()] = true
		switch {
		case n.Sort().IsArray():
			arrays = true
		case n.Sort().IsFP():
			fp = true
		}
		for i := 0; i < n.NumArgs(); i++ {
			stack = append(stack, n.Arg(i))
		}
	}
	switch {
	case arrays && fp:
		return "" // no specialised Z3 strategy for QF_ABVFP
	case arrays:
		return "QF_ABV"
	case fp:
		return "QF_BVFP"
	}
	return "QF_BV"
}
