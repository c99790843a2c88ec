int clamp(int v, int lo, int hi)
{
	if (v < lo)
		return lo;
	if (v > hi)
		return hi;
	return v;
}

int absval(int v)
{
	return v < 0 ? 0 - v : v;
}
