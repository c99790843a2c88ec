// Transparent huge pages for libz3's memory, before the Go runtime starts.
//
// libz3 4.8.12 gives every context, and every solver's first check, an
// 8 MiB hash table (the AST table: 532,480 cells) that it fills at once.
// With 4 KiB pages that is some 2,000 page faults a table; a small
// program's run makes nine of them, and on a virtual machine the faults
// were half its time. glibc backs malloc with transparent huge pages
// when GLIBC_TUNABLES holds glibc.malloc.hugetlb=1 (glibc 2.35 and
// later), and reads it only when a process starts. That alone helps only
// part of the way (measured: 17,500 faults → 7,800 on a small program),
// because of where glibc puts the memory:
//   - a table is over the mmap threshold, so it gets a mapping of its
//     own, 8 MiB and 4 KiB, not aligned to 2 MiB: its two ragged ends,
//     2 MiB together, are faulted in page by page, and every new context
//     maps and faults a fresh table instead of reusing a freed one;
//   - the engines call Z3 from several threads, and a thread's arena is
//     advised for huge pages only as far as its first size, not as it
//     grows.
// glibc.malloc.mmap_threshold=32 MiB (glibc's largest dynamic value)
// keeps the tables in the heap, where freed ones are reused, and
// glibc.malloc.arena_max=1 puts every thread on the main heap, which
// glibc grows in whole huge pages: 3,200 faults, and 40% less CPU on
// the benchmark's median program at the same resident size.
//
// So, when the kernel gives huge pages on request only ("[madvise]") and
// the variable does not say otherwise, the process starts itself again
// at once with these set, before Go's runtime exists (as runc's nsenter
// runs C first): the cost is loading the libraries once more, some 6 ms.
// PRBMC_HUGEPAGES=off, or any glibc.malloc.hugetlb setting already in
// GLIBC_TUNABLES, leaves the process as it is; a user's own value of one
// of the other two tunables is kept.

#define _GNU_SOURCE
#include <fcntl.h>
#include <gnu/libc-version.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

// tunables are the settings added, each unless GLIBC_TUNABLES names it.
static const char *const tunables[] = {
	"glibc.malloc.hugetlb=1",
	"glibc.malloc.mmap_threshold=33554432",
	"glibc.malloc.arena_max=1",
};
#define NTUNABLES (sizeof tunables / sizeof tunables[0])

// names reports whether the tunable list old sets the tunable of t
// ("name=value"): a whole name between colons, not a prefix of another.
static int names(const char *old, const char *t) {
	size_t n = strcspn(t, "=");
	for (const char *p = old; p != NULL && *p != 0;) {
		if (strncmp(p, t, n) == 0 && p[n] == '=') return 1;
		p = strchr(p, ':');
		if (p != NULL) p++;
	}
	return 0;
}

// prbmc_hugepages_env is envp with GLIBC_TUNABLES set to hold the
// tunables, or NULL when the process should stay as it is.
static char **prbmc_hugepages_env(char **envp) {
	const char *off = getenv("PRBMC_HUGEPAGES");
	if (off != NULL && strcmp(off, "off") == 0) return NULL;
	const char *old = getenv("GLIBC_TUNABLES");
	if (old == NULL) old = "";
	if (names(old, tunables[0])) return NULL;
	if (!glibc_has_hugetlb() || !thp_on_request()) return NULL;
	size_t n = 0;
	while (envp[n] != NULL) n++;
	char **env = calloc(n + 2, sizeof *env);
	if (env == NULL) return NULL;
	size_t len = strlen("GLIBC_TUNABLES=") + strlen(old) + 1;
	for (size_t i = 0; i < NTUNABLES; i++) len += 1 + strlen(tunables[i]);
	char *set = malloc(len);
	if (set == NULL) {
		free(env);
		return NULL;
	}
	strcpy(set, "GLIBC_TUNABLES=");
	strcat(set, old);
	for (size_t i = 0; i < NTUNABLES; i++) {
		if (names(old, tunables[i])) continue;
		char last = set[strlen(set) - 1];
		if (last != '=' && last != ':') strcat(set, ":");
		strcat(set, tunables[i]);
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
