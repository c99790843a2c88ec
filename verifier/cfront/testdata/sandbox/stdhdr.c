/* System headers are served from the system include directories. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <assert.h>

int main(void) {
	char *p = malloc(8);
	assert(p != NULL);
	strcpy(p, "hi");
	printf("%s %zu\n", p, strlen(p));
	free(p);
	return 0;
}
