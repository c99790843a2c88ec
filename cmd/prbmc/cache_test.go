package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/cmd/prbmc/internal/action"
	"github.com/prbmc/prbmc/report/results"
)

// cacheRepo is a repository whose last commit changes two files: a.c's
// callee clamp and its caller scale, and b.c's other.
func cacheRepo(t *testing.T) *gitRepo {
	r := newGitRepo(t)
	r.write(map[string]string{
		"a.c":      "#include <assert.h>\nint clamp(int x) { return x; }\nint scale(int x) { return x; }\n",
		"b.c":      "int other(int x) { return x; }\n",
		"unused.h": "#define UNUSED 1\n",
		"notes.md": "notes\n",
	})
	r.commit("base")
	r.write(map[string]string{
		"a.c": "#include <assert.h>\n" +
			"int clamp(int x) {\n\tif (x > 100) return 100;\n\tif (x < 0) return 0;\n\treturn x;\n}\n" +
			"int scale(int x) {\n\tint c = clamp(x);\n\tassert(c <= 100);\n\treturn c * 2;\n}\n",
		"b.c": "#include <assert.h>\nint other(int x) {\n\tif (x > 5) x = 5;\n\tassert(x <= 5);\n\treturn x;\n}\n",
	})
	r.commit("change")
	return r
}

// checkCached runs prbmc check on r with the cache in dir and extra
// flags, and returns the functions' lines by name, stderr and the
// verdicts.
func checkCached(t *testing.T, r *gitRepo, dir string, extra ...string) (lines map[string]string, errOut string, verdicts map[string]string) {
	t.Helper()
	resFile := filepath.Join(t.TempDir(), "results.json")
	args := append([]string{"check", "-C", r.dir, "--base", "main~0", "--cache-dir", dir, "--function-timeout", "30s", "--results", resFile}, extra...)
	args[4] = r.baseRev
	out, errOut, code := runCmd(t, args...)
	if code != exitSafe {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, exitSafe, out, errOut)
	}
	lines = map[string]string{}
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) >= 3 && strings.Contains(f[0], ".c:") {
			lines[f[1]] = l
		}
	}
	data, err := os.ReadFile(resFile)
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Functions []struct{ Name, Verdict, CachedFrom string }
	}
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	verdicts = map[string]string{}
	for _, f := range res.Functions {
		verdicts[f.Name] = f.Verdict
		if (f.CachedFrom != "") != strings.Contains(lines[f.Name], "cached from") {
			t.Errorf("%s: results say cached from %q, the text %q", f.Name, f.CachedFrom, lines[f.Name])
		}
	}
	return lines, errOut, verdicts
}

// wantCached checks which functions came from the cache, and from which
// commit.
func wantCached(t *testing.T, step string, lines map[string]string, from string, cached, checked []string) {
	t.Helper()
	for _, n := range cached {
		if !strings.Contains(lines[n], "cached from "+from[:7]) {
			t.Errorf("%s: %s not cached from %.7s: %q", step, n, from, lines[n])
		}
	}
	for _, n := range checked {
		if l, ok := lines[n]; !ok || strings.Contains(l, "cached from") {
			t.Errorf("%s: %s not checked again: %q", step, n, l)
		}
	}
}

func wantStats(t *testing.T, step, errOut, stats string) {
	t.Helper()
	if !regexp.MustCompile(`(?m)^prbmc check: cache \S+: ` + regexp.QuoteMeta(stats) + `$`).MatchString(errOut) {
		t.Errorf("%s: stderr lacks \"%s\":\n%s", step, stats, errOut)
	}
}

// TestCheckCache: a second run with nothing changed checks nothing and
// says the same; a change to a callee re-checks its file's functions,
// one to a file no unit reads re-checks none, another option re-checks
// all, a harness file its function; a corrupt entry and one with a path leaving the repository are
// ignored with a warning.
func TestCheckCache(t *testing.T) {
	r := cacheRepo(t)
	r.baseRev = r.git("rev-parse", "HEAD~1")
	head := r.git("rev-parse", "HEAD")
	dir := filepath.Join(t.TempDir(), "cache")
	all := []string{"clamp", "scale", "other"}

	lines, errOut, first := checkCached(t, r, dir)
	wantCached(t, "first run", lines, head, nil, all)
	wantStats(t, "first run", errOut, "0 reused, 3 checked, 3 stored")
	if first["scale"] != "safe" || first["other"] != "safe" {
		t.Fatalf("first run: %v, want scale and other safe", first)
	}

	lines, errOut, second := checkCached(t, r, dir)
	wantCached(t, "nothing changed", lines, head, all, nil)
	wantStats(t, "nothing changed", errOut, "3 reused, 0 checked, 0 stored")
	for n, v := range first {
		if second[n] != v {
			t.Errorf("nothing changed: %s is %s, was %s", n, second[n], v)
		}
	}

	// A file no unit includes, and a file that is not C.
	r.write(map[string]string{"unused.h": "#define UNUSED 2\n", "notes.md": "more notes\n"})
	r.commit("unrelated")
	lines, errOut, _ = checkCached(t, r, dir)
	wantCached(t, "unrelated change", lines, head, all, nil)
	wantStats(t, "unrelated change", errOut, "3 reused, 0 checked, 0 stored")

	// The callee: its caller in the same file is checked again.
	r.write(map[string]string{"a.c": "#include <assert.h>\n" +
		"int clamp(int x) {\n\tif (x > 100) return 100;\n\tif (x < -5) return 0;\n\treturn x;\n}\n" +
		"int scale(int x) {\n\tint c = clamp(x);\n\tassert(c <= 100);\n\treturn c * 2;\n}\n"})
	head2 := r.commit("callee")
	lines, errOut, _ = checkCached(t, r, dir)
	wantCached(t, "callee changed", lines, head, []string{"other"}, []string{"clamp", "scale"})
	wantStats(t, "callee changed", errOut, "1 reused, 2 checked, 2 stored")

	// Other checks: everything is checked again.
	lines, errOut, _ = checkCached(t, r, dir, "--checks", "assertions")
	wantCached(t, "other checks", lines, head, nil, all)
	wantStats(t, "other checks", errOut, "0 reused, 3 checked, 3 stored")

	// A harness file for other: other is checked again, a.c's functions
	// (whose harnesses did not change) are not.
	r.write(map[string]string{"prbmc/harness/other.c": "void prbmc_harness_other(void) { int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x < 3); other(x); }\n"})
	r.commit("harness")
	lines, errOut, _ = checkCached(t, r, dir, "--checks", "assertions")
	wantCached(t, "harness added", lines, head2, []string{"clamp", "scale"}, []string{"other"})
	wantStats(t, "harness added", errOut, "2 reused, 1 checked, 1 stored")

	// A corrupt entry, and one whose trace leaves the repository (every
	// entry of the function: those of other options too).
	entries := cacheEntries(t, dir)
	for _, p := range entries["scale"] {
		if err := os.WriteFile(p, []byte(`{"format": 1, "key": tru`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range entries["other"] {
		editEntry(t, p, func(e map[string]any) {
			fn := e["function"].(map[string]any)
			props := fn["result"].(map[string]any)["properties"].([]any)
			props[0].(map[string]any)["location"].(map[string]any)["file"] = "../../etc/passwd"
		})
	}
	lines, errOut, _ = checkCached(t, r, dir, "--checks", "assertions")
	wantCached(t, "bad entries", lines, head2, []string{"clamp"}, []string{"scale", "other"})
	wantStats(t, "bad entries", errOut, "1 reused, 2 checked, 2 stored, 2 ignored")
	for _, re := range []string{
		`(?m)^prbmc: cache: ignoring the entry [0-9a-f]{64}\.json for scale: not a cache entry: .*$`,
		`(?m)^prbmc: cache: ignoring the entry [0-9a-f]{64}\.json for other: property \S+: path "\.\./\.\./etc/passwd" leaves the repository$`,
	} {
		if !regexp.MustCompile(re).MatchString(errOut) {
			t.Errorf("stderr lacks %s:\n%s", re, errOut)
		}
	}
	// They were replaced: the next run takes all from the cache.
	_, errOut, _ = checkCached(t, r, dir, "--checks", "assertions")
	wantStats(t, "replaced", errOut, "3 reused, 0 checked, 0 stored")
}

// cacheEntries are the cache's entry files by function name.
func cacheEntries(t *testing.T, dir string) map[string][]string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	out := map[string][]string{}
	for _, p := range files {
		if filepath.Base(p) == "last-used.json" {
			continue
		}
		var e struct{ Function struct{ Name string } }
		b, err := os.ReadFile(p)
		if err != nil || json.Unmarshal(b, &e) != nil {
			t.Fatalf("%s: %v", p, err)
		}
		out[e.Function.Name] = append(out[e.Function.Name], p)
	}
	return out
}

func editEntry(t *testing.T, p string, edit func(map[string]any)) {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var e map[string]any
	if err := json.Unmarshal(b, &e); err != nil {
		t.Fatal(err)
	}
	edit(e)
	if b, err = json.Marshal(e); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCheckCacheCommitted: a cache directory the checked-out commit has
// files in is the change's own word about its verdicts: not used.
func TestCheckCacheCommitted(t *testing.T) {
	r := newGitRepo(t)
	r.write(map[string]string{"a.c": "int f(int x) { return x; }\n"})
	base := r.commit("base")
	r.write(map[string]string{
		"a.c":                 "#include <assert.h>\nint f(int x) {\n\tif (x > 3) x = 3;\n\tassert(x <= 3);\n\treturn x;\n}\n",
		".prbmc-cache/x.json": "{}\n",
	})
	r.commit("change")
	dir := filepath.Join(r.dir, ".prbmc-cache")
	out, errOut, code := runCmd(t, "check", "-C", r.dir, "--base", base, "--cache-dir", dir)
	if code != exitSafe {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(errOut, "prbmc: cache: the cache directory "+dir+" is committed in the repository at ") || strings.Contains(errOut, "stored") {
		t.Errorf("stderr does not say the committed cache is not used:\n%s", errOut)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.json")); len(files) != 1 {
		t.Errorf("the committed cache directory was written to: %v", files)
	}
}

// TestCheckCacheUnwritable: a cache that cannot be written is said once
// and the check goes on; a cache directory that is a file is not used.
func TestCheckCacheUnwritable(t *testing.T) {
	r := cacheRepo(t)
	base := r.git("rev-parse", "HEAD~1")
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, []byte("not a directory"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCmd(t, "check", "-C", r.dir, "--base", base, "--cache-dir", file)
	if code != exitSafe || !strings.Contains(errOut, "prbmc: cache: the cache directory "+file+" is not a directory: not used\n") ||
		strings.Contains(errOut, "stored") {
		t.Errorf("exit %d\n%s", code, errOut)
	}
	dir := filepath.Join(file, "cache") // mkdir fails: not a directory
	out, errOut, code = runCmd(t, "check", "-C", r.dir, "--base", base, "--cache-dir", dir)
	if code != exitSafe {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if n := strings.Count(errOut, "prbmc: cache: not storing "); n != 1 {
		t.Errorf("%d warnings about storing, want 1:\n%s", n, errOut)
	}
	wantStats(t, "unwritable", errOut, "0 reused, 3 checked, 0 stored")
}

// TestCacheSharedWithAction: `prbmc check` with the flags that match the
// Action's inputs and the Action's checker compute the same options hash,
// so that they share result-cache entries (and their results files merge):
// the options are read from the configuration each runs, defaults filled
// in, not from the flags or inputs. The Action's cache-max-age evicts
// what the index says is stale.
func TestCacheSharedWithAction(t *testing.T) {
	r := cacheRepo(t)
	r.baseRev = r.git("rev-parse", "HEAD~1")
	head := r.git("rev-parse", "HEAD")
	dir := t.TempDir()
	checkCached(t, r, dir, "--checks", "assertions")
	stale := lastUsed(t, dir)
	cliFile := filepath.Join(t.TempDir(), "results.json")
	out, errOut, code := runCmd(t, "check", "-C", r.dir, "--base", r.baseRev, "--cache-dir", dir, "--results", cliFile,
		"--max-k", "20", "--function-timeout", "60s", "--caller-depth", "2", "--trust-head-harness=false")
	if code != exitSafe {
		t.Fatalf("check: exit %d\n%s\n%s", code, out, errOut)
	}
	data, err := os.ReadFile(cliFile)
	if err != nil {
		t.Fatal(err)
	}
	cli, err := results.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	req := action.CheckRequest{RepoDir: r.dir, Base: r.baseRev, Head: head, MaxK: 20, FunctionTimeout: 60 * time.Second,
		Checks: strings.Split(action.DefaultChecks, ","), CallerDepth: 2, CacheDir: dir, CacheMaxAge: 720 * time.Hour}
	setLastUsed(t, dir, stale, time.Now().Add(-40*24*time.Hour))
	act, err := actionPipeline().Check(context.Background(), req, &log)
	if err != nil {
		t.Fatal(err)
	}
	if act.OptionsHash != cli.OptionsHash {
		t.Errorf("options hash: the Action's %s (%+v), the CLI's %s (%+v)", act.OptionsHash, act.Options, cli.OptionsHash, cli.Options)
	}
	if !strings.Contains(log.String(), "3 reused, 0 checked, 0 stored, 0 ignored, 3 evicted") {
		t.Errorf("the Action did not reuse the CLI's verdicts and evict the stale ones by its cache-max-age:\n%s", log.String())
	}
}

// TestCheckCacheEviction: entries no run wrote or reused for
// --cache-max-age are removed at the end of a run, with the temporary
// files of killed runs; those the run reused are kept however old they
// were, and files the cache did not write are left alone. The last uses
// come from the cache's index, not modification times (a restored cache
// may have every file's time set to the restore): fresh times do not
// save an entry the index says is old, old times do not condemn one it
// says is fresh; a corrupt index falls back to the times with a warning.
func TestCheckCacheEviction(t *testing.T) {
	r := cacheRepo(t)
	r.baseRev = r.git("rev-parse", "HEAD~1")
	dir := filepath.Join(t.TempDir(), "cache")
	checkCached(t, r, dir, "--checks", "assertions")
	assertionKeys := lastUsed(t, dir)
	checkCached(t, r, dir)
	if n := len(lastUsed(t, dir)); n != 6 || len(assertionKeys) != 3 {
		t.Fatalf("the index names %d entries after two runs (%d after the first), want 6 (3)", n, len(assertionKeys))
	}
	old, now := time.Now().Add(-40*24*time.Hour), time.Now()
	touch := func(p string, when time.Time) {
		if err := os.Chtimes(p, when, when); err != nil {
			t.Fatal(err)
		}
	}
	// As a restore may leave it: every file new, the index the truth.
	for _, ps := range cacheEntries(t, dir) {
		for _, p := range ps {
			touch(p, now)
		}
	}
	setLastUsed(t, dir, assertionKeys, old)
	stray, tmp := filepath.Join(dir, "README"), filepath.Join(dir, ".tmp-123")
	for _, p := range []string{stray, tmp} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		touch(p, old)
	}

	_, errOut, _ := checkCached(t, r, dir, "--cache-max-age", "0")
	wantStats(t, "no eviction", errOut, "3 reused, 0 checked, 0 stored")
	if n := len(cacheEntries(t, dir)["scale"]); n != 2 {
		t.Fatalf("--cache-max-age 0: %d entries of scale, want both kept", n)
	}
	if got := lastUsed(t, dir); got[firstKey(assertionKeys)] > old.Unix()+1 {
		t.Errorf("--cache-max-age 0 changed an unused entry's last use to %d", got[firstKey(assertionKeys)])
	}

	// The index says the --checks assertions entries are 40 days old, the
	// default checks' were just reused; their files are all new.
	_, errOut, _ = checkCached(t, r, dir, "--cache-max-age", "720h")
	wantStats(t, "eviction", errOut, "3 reused, 0 checked, 0 stored, 4 evicted")
	for name, ps := range cacheEntries(t, dir) {
		if len(ps) != 1 {
			t.Errorf("%s: %d entries left, want the one reused", name, len(ps))
		}
	}
	if n := len(lastUsed(t, dir)); n != 3 {
		t.Errorf("the index names %d entries after eviction, want the 3 left", n)
	}
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Errorf("the old temporary file was not removed: %v", err)
	}
	if _, err := os.Stat(stray); err != nil {
		t.Errorf("a file the cache did not write was removed: %v", err)
	}

	// Old files that the index says were used an hour ago stay.
	for _, ps := range cacheEntries(t, dir) {
		for _, p := range ps {
			touch(p, old)
		}
	}
	setLastUsed(t, dir, lastUsed(t, dir), now.Add(-time.Hour))
	_, errOut, _ = checkCached(t, r, dir, "--checks", "assertions", "--cache-max-age", "720h")
	wantStats(t, "evicted entries", errOut, "0 reused, 3 checked, 3 stored")
	if n := len(cacheEntries(t, dir)["scale"]); n != 2 {
		t.Errorf("old files the index says are fresh: %d entries of scale left, want 2", n)
	}

	// A corrupt index: a warning, and the times decide (all old but the
	// ones this run reuses).
	if err := os.WriteFile(filepath.Join(dir, "last-used.json"), []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, ps := range cacheEntries(t, dir) {
		for _, p := range ps {
			touch(p, old)
		}
	}
	_, errOut, _ = checkCached(t, r, dir, "--cache-max-age", "720h")
	wantStats(t, "corrupt index", errOut, "3 reused, 0 checked, 0 stored, 3 evicted")
	if !strings.Contains(errOut, "ignoring last-used.json (eviction goes by modification times)") {
		t.Errorf("no warning for the corrupt index:\n%s", errOut)
	}
	if n := len(lastUsed(t, dir)); n != 3 {
		t.Errorf("the rewritten index names %d entries, want 3", n)
	}
}

// lastUsed reads the cache's index of last uses.
func lastUsed(t *testing.T, dir string) map[string]int64 {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "last-used.json"))
	if err != nil {
		t.Fatal(err)
	}
	var u struct {
		Format int
		Used   map[string]int64
	}
	if err := json.Unmarshal(b, &u); err != nil || u.Format != 1 {
		t.Fatalf("last-used.json: format %d, %v", u.Format, err)
	}
	return u.Used
}

// setLastUsed sets the index's time of keys to when.
func setLastUsed(t *testing.T, dir string, keys map[string]int64, when time.Time) {
	t.Helper()
	used := lastUsed(t, dir)
	for k := range keys {
		used[k] = when.Unix()
	}
	b, err := json.Marshal(map[string]any{"format": 1, "used": used})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "last-used.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func firstKey(m map[string]int64) string {
	for k := range m {
		return k
	}
	return ""
}

// TestCheckCacheRetriesUndecided: an entry whose verdict is bounded or
// unknown (a run never stores one; a restored cache may hold one) is not
// reused: the function is checked again, within this run's budget, and
// its decided verdict replaces the entry.
func TestCheckCacheRetriesUndecided(t *testing.T) {
	r := cacheRepo(t)
	r.baseRev = r.git("rev-parse", "HEAD~1")
	head := r.git("rev-parse", "HEAD")
	dir := filepath.Join(t.TempDir(), "cache")
	checkCached(t, r, dir)
	entries := cacheEntries(t, dir)
	for name, v := range map[string]string{"scale": "bounded", "other": "unknown"} {
		editEntry(t, entries[name][0], func(e map[string]any) {
			e["function"].(map[string]any)["result"].(map[string]any)["verdict"] = v
		})
	}
	lines, errOut, verdicts := checkCached(t, r, dir)
	wantCached(t, "undecided entries", lines, head, []string{"clamp"}, []string{"scale", "other"})
	wantStats(t, "undecided entries", errOut, "1 reused, 2 checked, 2 stored")
	if verdicts["scale"] != "safe" || verdicts["other"] != "safe" {
		t.Errorf("verdicts %v, want scale and other safe again", verdicts)
	}
	_, errOut, _ = checkCached(t, r, dir)
	wantStats(t, "replaced", errOut, "3 reused, 0 checked, 0 stored")
}
