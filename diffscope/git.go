package diffscope

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"github.com/bluekeyes/go-gitdiff/gitdiff"
)

// Errors returned (wrapped) by [Repo] and [Compute]; test with errors.Is.
var (
	ErrNotRepository    = errors.New("not a git repository")
	ErrRevisionNotFound = errors.New("revision not found")
	// ErrShallowClone: the base commit or the merge base is missing
	// because the clone is shallow. Errors of this kind also match
	// ErrRevisionNotFound when the base revision itself is missing.
	ErrShallowClone = errors.New("shallow clone lacks the base commit")
	ErrNoMergeBase  = errors.New("no merge base")
	ErrGitMissing   = errors.New("git executable not found")
)

// ShallowCloneHint is the advice included in shallow-clone errors.
const ShallowCloneHint = "the base commit is not in this shallow clone; " +
	"check out with fetch-depth: 0 (actions/checkout) or run git fetch --unshallow"

type gitError struct {
	msg   string
	kinds []error
}

func (e *gitError) Error() string   { return e.msg }
func (e *gitError) Unwrap() []error { return e.kinds }

// Repo runs the git binary in one repository.
type Repo struct {
	// Dir is the top-level directory of the work tree (for a bare
	// repository, the directory it was opened with).
	Dir string
}

// OpenRepo checks that dir is inside a git repository and returns a Repo
// rooted at its top-level directory.
func OpenRepo(ctx context.Context, dir string) (*Repo, error) {
	if dir == "" {
		dir = "."
	}
	if fi, err := os.Stat(dir); err != nil {
		return nil, &gitError{fmt.Sprintf("repository directory %s: %v", dir, errors.Unwrap(err)), []error{ErrNotRepository}}
	} else if !fi.IsDir() {
		return nil, &gitError{fmt.Sprintf("repository directory %s is not a directory", dir), []error{ErrNotRepository}}
	}
	r := &Repo{Dir: dir}
	if _, err := r.git(ctx, nil, "rev-parse", "--git-dir"); err != nil {
		if errors.Is(err, ErrGitMissing) {
			return nil, err
		}
		var ee *exitError
		if errors.As(err, &ee) && strings.Contains(ee.stderr, "not a git repository") {
			return nil, &gitError{fmt.Sprintf("not a git repository: %s", dir), []error{ErrNotRepository}}
		}
		if errors.As(err, &ee) && strings.Contains(ee.stderr, "dubious ownership") {
			return nil, fmt.Errorf("git refuses to use %s (dubious ownership); run git config --global --add safe.directory %s", dir, dir)
		}
		return nil, err
	}
	if out, err := r.git(ctx, nil, "rev-parse", "--show-toplevel"); err == nil {
		if top := strings.TrimSpace(string(out)); top != "" {
			r.Dir = top
		}
	}
	return r, nil
}

// exitError is a git command that ran and failed.
type exitError struct {
	args   []string
	code   int
	stderr string
}

func (e *exitError) Error() string {
	msg := firstLine(e.stderr)
	if msg == "" {
		msg = "exit status " + strconv.Itoa(e.code)
	}
	return "git " + e.args[0] + ": " + msg
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = strings.TrimSpace(s[:i])
	}
	return strings.TrimPrefix(strings.TrimPrefix(s, "fatal: "), "error: ")
}

// gitEnv is the environment for git: the caller's, minus variables that
// would redirect git to another repository, with messages in English and
// no prompts.
func gitEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
			"GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "LC_ALL", "LANGUAGE":
			continue
		}
		env = append(env, kv)
	}
	return append(env, "LC_ALL=C", "GIT_TERMINAL_PROMPT=0", "GIT_PAGER=cat", "GIT_ATTR_NOSYSTEM=1")
}

func (r *Repo) command(ctx context.Context, args ...string) *exec.Cmd {
	// The repository's content is untrusted (a pull request): attributes
	// from outside the tree are ignored, and diffs and blobs are read
	// raw (see diffArgs), so that nothing the change commits can make
	// git hide a file's text or run a filter.
	cmd := exec.CommandContext(ctx, "git", append([]string{"-c", "core.quotePath=false", "-c", "core.attributesFile=/dev/null"}, args...)...)
	cmd.Dir = r.Dir
	cmd.Env = gitEnv()
	return cmd
}

// Git runs git with args in the repository and returns what it printed.
// It is the one way prbmc runs git, so that every command gets the same
// hardening (see command: no path quoting, no attributes from outside
// the tree, an environment that cannot point git elsewhere) and errors
// that name the command and carry git's own message.
func (r *Repo) Git(ctx context.Context, args ...string) ([]byte, error) {
	return r.git(ctx, nil, args...)
}

func (r *Repo) git(ctx context.Context, stdin io.Reader, args ...string) ([]byte, error) {
	cmd := r.command(ctx, args...)
	cmd.Stdin = stdin
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.Bytes(), r.wrap(ctx, args, err, stderr.String())
	}
	return stdout.Bytes(), nil
}

func (r *Repo) wrap(ctx context.Context, args []string, err error, stderr string) error {
	if errors.Is(err, exec.ErrNotFound) {
		return &gitError{"git executable not found in PATH", []error{ErrGitMissing}}
	}
	if ctx.Err() != nil {
		return fmt.Errorf("git %s: %w", args[0], ctx.Err())
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return &exitError{args: args, code: ee.ExitCode(), stderr: stderr}
	}
	return fmt.Errorf("git %s: %w", args[0], err)
}

func exitCode(err error) int {
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	return -1
}

// ResolveCommit returns the full commit id that rev names.
func (r *Repo) ResolveCommit(ctx context.Context, rev string) (string, error) {
	if rev == "" || strings.HasPrefix(rev, "-") || strings.ContainsAny(rev, "\x00\n") {
		return "", &gitError{fmt.Sprintf("revision %q not found", rev), []error{ErrRevisionNotFound}}
	}
	out, err := r.git(ctx, nil, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		if exitCode(err) == 1 || exitCode(err) == 128 {
			return "", &gitError{fmt.Sprintf("revision %q not found", rev), []error{ErrRevisionNotFound}}
		}
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// IsShallow reports whether the repository is a shallow clone.
func (r *Repo) IsShallow(ctx context.Context) (bool, error) {
	out, err := r.git(ctx, nil, "rev-parse", "--is-shallow-repository")
	if err != nil {
		return false, err
	}
	return strings.TrimSpace(string(out)) == "true", nil
}

// MergeBase returns the best common ancestor of the commits a and b.
func (r *Repo) MergeBase(ctx context.Context, a, b string) (string, error) {
	out, err := r.git(ctx, nil, "merge-base", "--end-of-options", a, b)
	if err != nil {
		if exitCode(err) == 1 {
			if shallow, _ := r.IsShallow(ctx); shallow {
				return "", &gitError{fmt.Sprintf("no merge base between %s and %s: %s",
					short(a), short(b), ShallowCloneHint), []error{ErrNoMergeBase, ErrShallowClone}}
			}
			return "", &gitError{fmt.Sprintf("no merge base between %s and %s (unrelated histories)",
				short(a), short(b)), []error{ErrNoMergeBase}}
		}
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

func short(id string) string {
	if len(id) > 12 {
		return id[:12]
	}
	return id
}

// Show returns the contents of path at revision rev (git show rev:path).
func (r *Repo) Show(ctx context.Context, rev, path string) ([]byte, error) {
	out, err := r.git(ctx, nil, "show", "--no-textconv", "--end-of-options", rev+":"+path)
	if err != nil {
		if exitCode(err) == 128 {
			return nil, fmt.Errorf("%s does not exist at %s", path, short(rev))
		}
		return nil, err
	}
	return out, nil
}

// ShowAll returns the contents of each "rev:path" spec that names a
// blob, read with one git process (git show once per file costs a
// process each); specs that name nothing are absent from the map.
func (r *Repo) ShowAll(ctx context.Context, specs []string) (map[string][]byte, error) {
	return r.readBlobs(ctx, specs)
}

// diffArgs makes a zero-context, rename- and copy-aware diff whose format
// does not depend on the user's configuration. --text: a NUL byte in a
// comment or a committed `*.c -diff` in .gitattributes must not turn a
// changed C file into a "binary" one whose functions nobody checks.
var diffArgs = []string{"diff", "-M", "-C", "--text", "--no-color", "--no-ext-diff", "--no-textconv",
	"--no-relative", "-U0", "--src-prefix=a/", "--dst-prefix=b/"}

// Diff returns the parsed diff from commit base to commit head.
func (r *Repo) Diff(ctx context.Context, base, head string) ([]*gitdiff.File, error) {
	args := append(append([]string(nil), diffArgs...), base, head, "--")
	out, err := r.git(ctx, nil, args...)
	if err != nil {
		return nil, err
	}
	files, _, err := gitdiff.Parse(bytes.NewReader(out))
	if err != nil {
		return nil, fmt.Errorf("parsing git diff: %w", err)
	}
	return files, nil
}

// readBlobs returns the contents of each "rev:path" spec, read with one
// git cat-file --batch; specs that do not name a blob are absent.
func (r *Repo) readBlobs(ctx context.Context, specs []string) (map[string][]byte, error) {
	out := map[string][]byte{}
	var valid []string
	for _, s := range specs {
		if !strings.ContainsAny(s, "\n") {
			valid = append(valid, s)
		}
	}
	if len(valid) == 0 {
		return out, nil
	}
	cmd := r.command(ctx, "cat-file", "--batch")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return nil, r.wrap(ctx, []string{"cat-file"}, err, "")
	}
	go func() {
		w := bufio.NewWriter(stdin)
		for _, s := range valid {
			w.WriteString(s)
			w.WriteByte('\n')
		}
		w.Flush()
		stdin.Close()
	}()
	br := bufio.NewReader(stdout)
	var readErr error
	for _, s := range valid {
		hdr, err := br.ReadString('\n')
		if err != nil {
			readErr = fmt.Errorf("git cat-file: reading %s: %w", s, err)
			break
		}
		f := strings.Fields(hdr)
		if len(f) != 3 {
			continue // "<spec> missing" or "ambiguous"
		}
		size, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil || size < 0 {
			readErr = fmt.Errorf("git cat-file: bad header %q", strings.TrimSpace(hdr))
			break
		}
		buf := make([]byte, size+1)
		if _, err := io.ReadFull(br, buf); err != nil {
			readErr = fmt.Errorf("git cat-file: reading %s: %w", s, err)
			break
		}
		if f[1] == "blob" {
			out[s] = buf[:size]
		}
	}
	io.Copy(io.Discard, stdout)
	if err := cmd.Wait(); err != nil && readErr == nil {
		readErr = r.wrap(ctx, []string{"cat-file"}, err, stderr.String())
	}
	return out, readErr
}

// grepFiles lists the files at commit rev that contain any of words as a
// whole word.
func (r *Repo) grepFiles(ctx context.Context, rev string, words []string) ([]string, error) {
	if len(words) == 0 {
		return nil, nil
	}
	out, err := r.git(ctx, strings.NewReader(strings.Join(words, "\n")+"\n"),
		"grep", "-l", "-z", "-I", "-w", "-F", "--no-color", "--full-name", "-f", "-", rev, "--")
	if err != nil {
		if exitCode(err) == 1 {
			return nil, nil
		}
		return nil, err
	}
	var files []string
	for _, f := range strings.Split(string(out), "\x00") {
		if f = strings.TrimPrefix(f, rev+":"); f != "" {
			files = append(files, f)
		}
	}
	return files, nil
}
