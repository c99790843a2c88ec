package layering

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"testing"
)

const module = "github.com/prbmc/prbmc"

// pkg is one entry of `go list -deps -test -json ./...` that belongs to
// this module: a package as built for itself, or as built for its own
// tests (then test is set and owner names the package under test).
type pkg struct {
	owner   string   // import path without the module prefix: "verifier/ir"
	test    bool     // built for a test binary (in-package or _test package)
	imports []string // direct imports, full paths, test suffixes stripped
	deps    []string // transitive imports, likewise
	cgo     []string // CgoFiles
}

var (
	loadOnce sync.Once
	loaded   []pkg
	loadErr  error
)

// load lists the module once per test binary.
func load(t *testing.T) []pkg {
	t.Helper()
	loadOnce.Do(func() { loaded, loadErr = list() })
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return loaded
}

func list() ([]pkg, error) {
	cmd := exec.Command("go", "list", "-deps", "-test", "-json", "./...")
	cmd.Dir = "../.."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v\n%s", err, stderr.String())
	}
	strip := func(s string) string {
		if i := strings.Index(s, " ["); i >= 0 {
			return s[:i]
		}
		return s
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath string
			ForTest    string
			Module     *struct{ Path string }
			Imports    []string
			Deps       []string
			CgoFiles   []string
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, err
		}
		if p.Module == nil || p.Module.Path != module || strings.HasSuffix(p.ImportPath, ".test") {
			continue // the standard library, other modules, generated test mains
		}
		q := pkg{test: p.ForTest != "", cgo: p.CgoFiles}
		q.owner = strings.TrimPrefix(strip(p.ImportPath), module+"/")
		if q.test {
			q.owner = strings.TrimPrefix(p.ForTest, module+"/")
		}
		for _, s := range p.Imports {
			q.imports = append(q.imports, strip(s))
		}
		for _, s := range p.Deps {
			q.deps = append(q.deps, strip(s))
		}
		pkgs = append(pkgs, q)
	}
	if len(pkgs) < 20 {
		return nil, fmt.Errorf("go list gave %d packages of %s; expected the whole module", len(pkgs), module)
	}
	return pkgs, nil
}

// under reports whether the module-relative path p is dir or below it.
func under(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, dir+"/")
}

// local is the module-relative path of an import inside the module, ""
// for one outside it.
func local(imp string) string {
	if strings.HasPrefix(imp, module+"/") {
		return strings.TrimPrefix(imp, module+"/")
	}
	return ""
}

func thirdParty(imp string) bool {
	first, _, _ := strings.Cut(imp, "/")
	return strings.Contains(first, ".") && local(imp) == "" && imp != module
}

func (p pkg) String() string {
	if p.test {
		return p.owner + " (tests)"
	}
	return p.owner
}

// violation collects broken rules so that one run names all of them.
type violations []string

func (v *violations) add(format string, args ...any) {
	*v = append(*v, fmt.Sprintf(format, args...))
}

func (v violations) report(t *testing.T) {
	t.Helper()
	sort.Strings(v)
	for i, s := range v {
		if i == 0 || s != v[i-1] { // a test binary holds two variants of a package
			t.Error(s)
		}
	}
}

// thirdPartyUsers lists, for every module outside the standard library,
// the directories whose packages (and their tests) may import it
// directly. A module not listed may not be imported at all: adding a
// dependency means adding it here, where the layer it belongs to is said.
var thirdPartyUsers = map[string][]string{
	// The C parser is the front end's business alone; the rest of the
	// verifier sees only the IR.
	"modernc.org/cc/v4": {"verifier/cfront"},
	"modernc.org/token": {"verifier/cfront"},
	// The GitHub Action talks to GitHub; nothing below cmd/ does.
	"github.com/google/go-github":           {"cmd"},
	"github.com/sethvargo/go-githubactions": {"cmd"},
	// SARIF is a report format; cmd/prbmc's tests read the SARIF it writes.
	"github.com/owenrumney/go-sarif": {"report/sarif", "cmd"},
	// The schema check of SARIF output is a test helper of report/sarif.
	"github.com/santhosh-tekuri/jsonschema": {"report/sarif/sariftest"},
	// Diffs are diffscope's input; the action's tests build diffs too.
	"github.com/bluekeyes/go-gitdiff": {"diffscope", "cmd"},
	// The action's tests read action.yml.
	"gopkg.in/yaml.v3": {"cmd"},
}

func TestThirdPartyImports(t *testing.T) {
	var v violations
	for _, p := range load(t) {
		for _, imp := range p.imports {
			if !thirdParty(imp) {
				continue
			}
			var dirs []string
			found := false
			for mod, users := range thirdPartyUsers {
				if imp == mod || strings.HasPrefix(imp, mod+"/") {
					dirs, found = users, true
				}
			}
			if !found {
				v.add("%s imports %s, which is not in thirdPartyUsers", p, imp)
				continue
			}
			ok := false
			for _, d := range dirs {
				ok = ok || under(p.owner, d)
			}
			if !ok {
				v.add("%s imports %s; only %v may", p, imp, dirs)
			}
		}
	}
	v.report(t)
}

// verifierModule reports whether imp belongs to a module that
// thirdPartyUsers lets some part of verifier/ import, or to none that it
// lists (then it can only come in through one that is: modernc's own
// dependencies).
func verifierModule(imp string) bool {
	for mod, users := range thirdPartyUsers {
		if imp != mod && !strings.HasPrefix(imp, mod+"/") {
			continue
		}
		for _, u := range users {
			if under(u, "verifier") {
				return true
			}
		}
		return false
	}
	return true
}

// TestVerifierStandsAlone: the verifier is a library that knows nothing of
// reports, diffs, the command line or GitHub, not even in its tests.
func TestVerifierStandsAlone(t *testing.T) {
	var v violations
	for _, p := range load(t) {
		if !under(p.owner, "verifier") {
			continue
		}
		for _, d := range p.deps {
			l := local(d)
			for _, bad := range []string{"report", "diffscope", "cmd", "internal"} {
				if l != "" && under(l, bad) {
					v.add("%s depends on %s", p, l)
				}
			}
			if thirdParty(d) && !verifierModule(d) {
				v.add("%s depends on %s, a module thirdPartyUsers keeps outside verifier/", p, d)
			}
		}
	}
	v.report(t)
}

// TestReportSeesOnlyResults: report/ renders a result.Report and takes
// nothing else from the verifier, so that the report formats can change
// without the verifier and the other way round.
func TestReportSeesOnlyResults(t *testing.T) {
	var v violations
	for _, p := range load(t) {
		if !under(p.owner, "report") {
			continue
		}
		for _, d := range p.deps {
			l := local(d)
			if l == "" || under(l, "report") || l == "verifier/result" {
				continue
			}
			v.add("%s depends on %s; report/ may use only verifier/result", p, l)
		}
	}
	v.report(t)
}

// TestEngineWithoutFrontEnd: the engines take an IR program and never
// parse C. Exception: the engine's tests build their IR programs from C
// source through cfront (there is no other way to write one by hand at
// length), so the rule holds for the package as built, not its tests.
func TestEngineWithoutFrontEnd(t *testing.T) {
	var v violations
	for _, p := range load(t) {
		if !under(p.owner, "verifier/engine") || p.test {
			continue
		}
		for _, d := range p.deps {
			if l := local(d); l != "" && under(l, "verifier/cfront") {
				v.add("%s depends on %s", p, l)
			}
		}
	}
	v.report(t)
}

// TestLeaves: the packages every layer shares import nothing of the
// module themselves (tests apart: they may load C to build programs).
func TestLeaves(t *testing.T) {
	leaves := map[string]bool{"verifier/ir": true, "verifier/result": true, "verifier/smt": true, "verifier/internal/guard": true}
	var v violations
	for _, p := range load(t) {
		if !leaves[p.owner] || p.test {
			continue
		}
		for _, d := range p.deps {
			if l := local(d); l != "" {
				v.add("%s depends on %s; it is a leaf", p, l)
			}
		}
	}
	v.report(t)
}

// TestCgoOnlyInZ3: the Z3 binding is the one place that needs a C
// toolchain to build; everything else cross-compiles with CGO_ENABLED=0.
func TestCgoOnlyInZ3(t *testing.T) {
	var v violations
	for _, p := range load(t) {
		if len(p.cgo) > 0 && p.owner != "verifier/smt/z3" {
			v.add("%s has cgo files %v; only verifier/smt/z3 may", p, p.cgo)
		}
	}
	v.report(t)
}
