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
	// The CLI asks whether stderr is a terminal (progress display).
	"golang.org/x/term": {"cmd"},
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

// depRule forbids a set of packages some dependencies, direct or not.
type depRule struct {
	name    string
	why     string
	applies func(p pkg) bool
	// forbids says what is wrong with dep, "" when nothing is.
	forbids func(dep string) string
}

// leaves are the packages every layer shares; they import nothing of
// the module themselves.
var leaves = map[string]bool{"verifier/ir": true, "verifier/result": true, "verifier/smt": true, "verifier/internal/guard": true}

var depRules = []depRule{
	{
		name:    "VerifierStandsAlone",
		why:     "the verifier is a library that knows nothing of reports, diffs, the command line or GitHub, not even in its tests",
		applies: func(p pkg) bool { return under(p.owner, "verifier") },
		forbids: func(dep string) string {
			l := local(dep)
			for _, bad := range []string{"report", "diffscope", "cmd", "internal"} {
				if l != "" && under(l, bad) {
					return bad + "/ is outside the verifier"
				}
			}
			if thirdParty(dep) && !verifierModule(dep) {
				return "thirdPartyUsers keeps its module outside verifier/"
			}
			return ""
		},
	},
	{
		name:    "ReportSeesOnlyResults",
		why:     "report/ renders a result.Report and takes nothing else from the verifier, so that the formats and the verifier change apart; the results file and the shard plan (report/results) record a change's scope, diffscope's types, which come before the verifier in the data flow",
		applies: func(p pkg) bool { return under(p.owner, "report") },
		forbids: func(dep string) string {
			if l := local(dep); l != "" && !under(l, "report") && l != "verifier/result" && l != "diffscope" {
				return "report/ may use only verifier/result and diffscope"
			}
			return ""
		},
	},
	{
		name: "EngineWithoutFrontEnd",
		// Exception: the engine's tests build their programs from C
		// source through cfront(test), so the rule is for the package
		// as built, not for its tests.
		why:     "the engines take an IR program and never parse C",
		applies: func(p pkg) bool { return under(p.owner, "verifier/engine") && !p.test },
		forbids: func(dep string) string {
			if l := local(dep); l != "" && under(l, "verifier/cfront") {
				return "the engines do not parse C"
			}
			return ""
		},
	},
	{
		name: "Leaves",
		// Tests apart: they may load C to build programs.
		why:     "the packages every layer shares import nothing of the module",
		applies: func(p pkg) bool { return leaves[p.owner] && !p.test },
		forbids: func(dep string) string {
			if local(dep) != "" {
				return "it is a leaf"
			}
			return ""
		},
	},
}

func TestDependencies(t *testing.T) {
	pkgs := load(t)
	for _, r := range depRules {
		t.Run(r.name, func(t *testing.T) {
			var v violations
			for _, p := range pkgs {
				if !r.applies(p) {
					continue
				}
				for _, d := range p.deps {
					if msg := r.forbids(d); msg != "" {
						v.add("%s depends on %s: %s (%s)", p, d, msg, r.why)
					}
				}
			}
			v.report(t)
		})
	}
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
