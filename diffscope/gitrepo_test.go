package diffscope

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/internal/gittest"
)

// testRepo is a throwaway git repository in a temporary directory.
type testRepo struct {
	t   *testing.T
	dir string
}

func newTestRepo(t *testing.T) *testRepo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	r := &testRepo{t: t, dir: t.TempDir()}
	r.git("init", "-q", "-b", "main")
	return r
}

func (r *testRepo) git(args ...string) string {
	r.t.Helper()
	// File URLs for the submodule tests.
	return gittest.Git(r.t, r.dir, append([]string{"-c", "protocol.file.allow=always"}, args...)...)
}

// write sets files (path -> content); an empty content "\x00delete" removes the file.
func (r *testRepo) write(files map[string]string) {
	r.t.Helper()
	for name, content := range files {
		p := filepath.Join(r.dir, filepath.FromSlash(name))
		if content == deleteFile {
			if err := os.Remove(p); err != nil {
				r.t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			r.t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			r.t.Fatal(err)
		}
	}
}

const deleteFile = "\x00delete"

// commit stages everything and commits, returning the commit id.
func (r *testRepo) commit(msg string) string {
	r.t.Helper()
	r.git("add", "-A")
	r.git("commit", "-q", "--allow-empty", "-m", msg)
	return r.git("rev-parse", "HEAD")
}

func (r *testRepo) compute(opts Options) (*Result, error) {
	opts.RepoDir = r.dir
	return Compute(context.Background(), opts)
}

func (r *testRepo) text(res *Result) string {
	r.t.Helper()
	var b strings.Builder
	if err := WriteText(&b, res); err != nil {
		r.t.Fatal(err)
	}
	return b.String()
}

// TestGit checks the runner every git command of prbmc goes through: it
// lists paths unquoted whatever the user's configuration, ignores an
// environment that points git at another repository, and names the
// command and git's message when it fails.
func TestGit(t *testing.T) {
	r := newTestRepo(t)
	r.write(map[string]string{"é.c": "int x;\n"})
	r.commit("one")
	t.Setenv("GIT_DIR", t.TempDir()) // not a repository: git would fail if it read this
	repo := &Repo{Dir: r.dir}
	out, err := repo.Git(context.Background(), "ls-files")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(string(out)); got != "é.c" {
		t.Errorf("ls-files printed %q, want the path unquoted", got)
	}
	_, err = repo.Git(context.Background(), "rev-parse", "--verify", "no-such-rev")
	if err == nil || !strings.HasPrefix(err.Error(), "git rev-parse: ") || !strings.Contains(err.Error(), "Needed a single revision") {
		t.Errorf("error %v, want it to name git rev-parse and carry git's message", err)
	}
}
