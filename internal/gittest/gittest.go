// Package gittest helps tests build git repositories (diffscope's,
// cmd/prbmc's and its packages'): one way of running git and copying
// trees rather than one per package.
package gittest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Env is the environment of a test's git: the caller's, without global
// or system configuration, and with fixed dates so that commit ids do not
// depend on when the tests run.
func Env() []string {
	return append(os.Environ(),
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_DATE=2024-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2024-01-01T00:00:00Z")
}

// Git runs git with args in dir, as a committer of its own and without
// signing, and returns its output trimmed; a failure fails t.
func Git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	return strings.TrimSpace(Raw(t, dir, args...))
}

// Raw is Git's output as git printed it (a diff's last context line may
// be blank).
func Raw(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@prbmc.invalid",
		"-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	cmd.Env = Env()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// CopyTree copies the files under src into dir, over what is there (a
// later version of a project over an earlier one).
func CopyTree(t testing.TB, src, dir string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatalf("copying %s: %v", src, err)
	}
}
