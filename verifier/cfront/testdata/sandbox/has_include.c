/* __has_include of a file outside is false, and reads nothing. */
#if __has_include("../../../../../../../../../../../../../../../../etc/passwd")
#error the sandbox let __has_include see outside
#endif
int main(void) { return 0; }
