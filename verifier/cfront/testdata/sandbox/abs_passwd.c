/* An absolute name is joined to the search directories: not found. */
#include "/etc/passwd"
int main(void) { return 0; }
