int win_a(void)
{
	return 1;
}

int win_b(void)
{
	return 3;
}
