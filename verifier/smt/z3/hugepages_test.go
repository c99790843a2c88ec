package z3_test

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// hugePagesSupported is the condition hugepages.c acts on: the kernel
// gives transparent huge pages on request and glibc reads the tunable.
func hugePagesSupported(t *testing.T) bool {
	b, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || !strings.Contains(string(b), "[madvise]") {
		return false
	}
	out, err := exec.Command("getconf", "GNU_LIBC_VERSION").Output()
	if err != nil {
		t.Fatalf("getconf GNU_LIBC_VERSION: %v", err)
	}
	m := regexp.MustCompile(`glibc (\d+)\.(\d+)`).FindStringSubmatch(string(out))
	if m == nil {
		return false
	}
	major, _ := strconv.Atoi(m[1])
	minor, _ := strconv.Atoi(m[2])
	return major > 2 || major == 2 && minor >= 35
}

// TestHugePagesChild prints what the process started with: run by
// TestHugePages in a fresh process.
func TestHugePagesChild(t *testing.T) {
	if os.Getenv("PRBMC_HUGEPAGES_CHILD") != "1" {
		t.Skip("run by TestHugePages")
	}
	v, ok := os.LookupEnv("GLIBC_TUNABLES")
	t.Logf("TUNABLES=%q set=%v ARGS=%q", v, ok, os.Args[1:])
}

// ours are the tunables hugepages.c adds, in its order.
const ours = "glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432:glibc.malloc.arena_max=1"

// Every process that links this package starts again with glibc's huge
// pages and one heap for malloc, keeping its arguments and other
// tunables, unless told not to (PRBMC_HUGEPAGES=off or a hugetlb setting
// of its own); a user's value for one of the other two wins.
func TestHugePages(t *testing.T) {
	supported := hugePagesSupported(t)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		env  string // GLIBC_TUNABLES given; "" for unset
		off  bool   // PRBMC_HUGEPAGES=off
		want string // GLIBC_TUNABLES the child sees where supported; "-" for unset
	}{
		{"plain", "", false, ours},
		{"other tunables kept", "glibc.malloc.tcache_count=4", false, "glibc.malloc.tcache_count=4:" + ours},
		{"a trailing colon", "glibc.malloc.tcache_count=4:", false, "glibc.malloc.tcache_count=4:" + ours},
		{"user's arena_max", "glibc.malloc.arena_max=4", false, "glibc.malloc.arena_max=4:glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432"},
		{"user's mmap_threshold", "glibc.malloc.tcache_count=4:glibc.malloc.mmap_threshold=65536", false,
			"glibc.malloc.tcache_count=4:glibc.malloc.mmap_threshold=65536:glibc.malloc.hugetlb=1:glibc.malloc.arena_max=1"},
		{"off", "", true, "-"},
		{"user's own hugetlb", "glibc.malloc.hugetlb=0", false, "glibc.malloc.hugetlb=0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := tc.want
			if !supported || tc.off {
				want = tc.env
				if want == "" {
					want = "-"
				}
			}
			cmd := exec.Command(exe, "-test.run=^TestHugePagesChild$", "-test.v", "-test.count=1")
			env := []string{"PRBMC_HUGEPAGES_CHILD=1"}
			for _, e := range os.Environ() {
				if !strings.HasPrefix(e, "GLIBC_TUNABLES=") && !strings.HasPrefix(e, "PRBMC_HUGEPAGES=") {
					env = append(env, e)
				}
			}
			if tc.env != "" {
				env = append(env, "GLIBC_TUNABLES="+tc.env)
			}
			if tc.off {
				env = append(env, "PRBMC_HUGEPAGES=off")
			}
			cmd.Env = env
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("child: %v\n%s", err, out)
			}
			m := regexp.MustCompile(`TUNABLES="([^"]*)" set=(\w+) ARGS=(.*)`).FindStringSubmatch(string(out))
			if m == nil {
				t.Fatalf("child printed no tunables:\n%s", out)
			}
			got := m[1]
			if m[2] == "false" {
				got = "-"
			}
			if got != want {
				t.Errorf("GLIBC_TUNABLES = %s, want %s", got, want)
			}
			if !strings.Contains(m[3], "-test.run=^TestHugePagesChild$") {
				t.Errorf("arguments not kept: %s", m[3])
			}
		})
	}
}
