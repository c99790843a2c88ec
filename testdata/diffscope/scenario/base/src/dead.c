int dead_code(void)
{
	return 42;
}
