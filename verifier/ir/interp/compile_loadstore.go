package interp

// ---------------------------------------------------------------------------
// Loads and stores

func (m *machine) compileLoad(lv lval, k skind) evalFn {
	switch k {
	case kI8:
		return loadInt[int8](m, lv)
	case kU8:
		return loadInt[uint8](m, lv)
	case kI16:
		return loadInt[int16](m, lv)
	case kU16:
		return loadInt[uint16](m, lv)
	case kI32:
		return loadInt[int32](m, lv)
	case kU32, kF32:
		return loadInt[uint32](m, lv)
	case kI64:
		return loadInt[int64](m, lv)
	case kU64, kF64:
		return loadInt[uint64](m, lv)
	case kPtr:
		f := lv.fn
		return func(m *machine) val { l := f(m); return m.loadPtr(l.obj, l.off) }
	case kF80:
		f := lv.fn
		return func(m *machine) val { l := f(m); return m.load(k, l.obj, l.off) }
	case kI128:
		return func(m *machine) val { m.fail("unsupported 128-bit arithmetic"); return val{} }
	}
	m.fail("malformed IR: load of a value of type kind %d", k)
	return nil
}

func loadInt[T integer](m *machine, lv lval) evalFn {
	n := sizeOf[T]()
	switch lv.st {
	case vlGMem:
		if lv.off >= 0 && lv.off+n <= int64(len(lv.obj.data)) {
			b := lv.obj.data[lv.off : lv.off+n]
			return func(m *machine) val { return val{bits: rdInt[T](b)} }
		}
	case vlMem:
		slot, off := lv.slot, lv.off
		return func(m *machine) val { return val{bits: rdInt[T](m.access(&m.fr.objs[slot], off, n))} }
	}
	f := lv.fn
	return func(m *machine) val {
		l := f(m)
		return val{bits: rdInt[T](m.access(l.obj, l.off, n))}
	}
}

func (m *machine) compileStore(lv lval, k skind) storeFn {
	switch k {
	case kI8, kU8:
		return storeInt[uint8](m, lv)
	case kI16, kU16:
		return storeInt[uint16](m, lv)
	case kI32, kU32, kF32:
		return storeInt[uint32](m, lv)
	case kI64, kU64, kF64:
		return storeInt[uint64](m, lv)
	case kPtr:
		f := lv.fn
		return func(m *machine, v val) { l := f(m); m.storePtr(l.obj, l.off, v) }
	case kF80:
		f := lv.fn
		return func(m *machine, v val) { l := f(m); m.store(k, l.obj, l.off, v) }
	case kI128:
		return func(m *machine, v val) { m.fail("unsupported 128-bit arithmetic") }
	}
	m.fail("malformed IR: store of a value of type kind %d", k)
	return nil
}

func storeInt[T integer](m *machine, lv lval) storeFn {
	n := sizeOf[T]()
	switch lv.st {
	case vlGMem:
		if lv.off >= 0 && lv.off+n <= int64(len(lv.obj.data)) {
			o, off := lv.obj, lv.off
			b := o.data[off : off+n]
			return func(m *machine, v val) {
				if o.ro || o.slots != nil || o.odd != nil {
					b := m.waccess(o, off, n)
					wrInt[T](b, v.bits)
					return
				}
				wrInt[T](b, v.bits)
			}
		}
	case vlMem:
		slot, off := lv.slot, lv.off
		return func(m *machine, v val) { wrInt[T](m.waccess(&m.fr.objs[slot], off, n), v.bits) }
	}
	f := lv.fn
	return func(m *machine, v val) {
		l := f(m)
		wrInt[T](m.waccess(l.obj, l.off, n), v.bits)
	}
}
