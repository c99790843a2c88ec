// Transparent huge pages for libz3's tables, before the Go runtime starts.
//
// libz3 4.8.12 gives every context, and every solver's first check, an
// 8 MiB hash table (the AST table: 532,480 cells) that it fills at once.
// With 4 KiB pages that is some 2,000 page faults a table; a small
// program's run makes nine of them, and on a virtual machine the faults
// were half its time. glibc backs malloc with transparent huge pages
// when GLIBC_TUNABLES holds glibc.malloc.hugetlb=1 (glibc 2.35 and
// later), and reads it only when a process starts. So, when the kernel
// gives huge pages on request only ("[madvise]") and the variable does
// not say otherwise, the process starts itself again at once with it
// set, before Go's runtime exists (as runc's nsenter runs C first):
// the cost is loading the libraries once more, some 6 ms.
// PRBMC_HUGEPAGES=off, or any glibc.malloc.hugetlb setting already in
// GLIBC_TUNABLES, leaves the process as it is.

#define _GNU_SOURCE
#include <fcntl.h>
#include <gnu/libc-version.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TUNABLE "glibc.malloc.hugetlb=1"

// thp_on_request reports whether the kernel's THP mode is "madvise".
static int thp_on_request(void) {
	char buf[128];
	int fd = open("/sys/kernel/mm/transparent_hugepage/enabled", O_RDONLY | O_CLOEXEC);
	if (fd < 0) return 0;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0) return 0;
	buf[n] = 0;
	return strstr(buf, "[madvise]") != NULL;
}

static int glibc_has_hugetlb(void) {
	int major = 0, minor = 0;
	if (sscanf(gnu_get_libc_version(), "%d.%d", &major, &minor) != 2) return 0;
	return major > 2 || (major == 2 && minor >= 35);
}

// prbmc_hugepages_env is envp with GLIBC_TUNABLES set to hold TUNABLE,
// or NULL when the process should stay as it is.
static char **prbmc_hugepages_env(char **envp) {
	const char *off = getenv("PRBMC_HUGEPAGES");
	if (off != NULL && strcmp(off, "off") == 0) return NULL;
	const char *old = getenv("GLIBC_TUNABLES");
	if (old != NULL && strstr(old, "glibc.malloc.hugetlb") != NULL) return NULL;
	if (!glibc_has_hugetlb() || !thp_on_request()) return NULL;
	size_t n = 0;
	while (envp[n] != NULL) n++;
	char **env = calloc(n + 2, sizeof *env);
	if (env == NULL) return NULL;
	char *set;
	if (old != NULL && old[0] != 0) {
		size_t len = strlen("GLIBC_TUNABLES=") + strlen(old) + 1 + strlen(TUNABLE) + 1;
		set = malloc(len);
		if (set != NULL) snprintf(set, len, "GLIBC_TUNABLES=%s:%s", old, TUNABLE);
	} else {
		set = strdup("GLIBC_TUNABLES=" TUNABLE);
	}
	if (set == NULL) {
		free(env);
		return NULL;
	}
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (strncmp(envp[i], "GLIBC_TUNABLES=", strlen("GLIBC_TUNABLES=")) != 0) env[k++] = envp[i];
	}
	env[k++] = set;
	env[k] = NULL;
	return env;
}

// glibc calls the constructors of the executable with main's arguments.
__attribute__((constructor)) static void prbmc_hugepages(int argc, char **argv, char **envp) {
	(void)argc;
	if (argv == NULL || envp == NULL) return;
	char **env = prbmc_hugepages_env(envp);
	if (env == NULL) return;
	execve("/proc/self/exe", argv, env);
	// execve failed (no /proc, say): run as we are. env stays, a few
	// bytes, as the process's own environment does.
}
