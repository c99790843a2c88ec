package action

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// actionFile is the part of an action's metadata the checks read.
type actionFile struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
	Author      string `yaml:"author"`
	Branding    struct {
		Icon  string `yaml:"icon"`
		Color string `yaml:"color"`
	} `yaml:"branding"`
	Inputs  map[string]yaml.Node `yaml:"inputs"`
	Outputs map[string]struct {
		Description string `yaml:"description"`
		Value       string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string   `yaml:"using"`
		Image string   `yaml:"image"`
		Args  []string `yaml:"args"`
		Steps []struct {
			ID    string            `yaml:"id"`
			Uses  string            `yaml:"uses"`
			Run   string            `yaml:"run"`
			Shell string            `yaml:"shell"`
			Env   map[string]string `yaml:"env"`
		} `yaml:"steps"`
	} `yaml:"runs"`
}

// Branding values GitHub accepts: every color, and the Feather icons this
// repository's actions use (GitHub's list is the whole Feather set).
var (
	brandingColors = []string{"white", "black", "yellow", "blue", "green", "orange", "red", "purple", "gray-dark"}
	brandingIcons  = []string{"check-circle", "shield", "cpu", "search", "alert-triangle"}
)

var (
	reExpr         = regexp.MustCompile(`\$\{\{(.*?)\}\}`)
	reInputRef     = regexp.MustCompile(`\binputs\.([A-Za-z0-9_-]+)`)
	reStepsOutputs = regexp.MustCompile(`\bsteps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)`)
)

func loadAction(t *testing.T, rel string) (actionFile, string) {
	t.Helper()
	text := readFile(t, filepath.Join(root(t), rel))
	var a actionFile
	if err := yaml.Unmarshal([]byte(text), &a); err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return a, text
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestActionMetadata checks action.yml and the composite alternative as
// actionlint would, and against the inputs and outputs the code reads
// and writes.
func TestActionMetadata(t *testing.T) {
	for _, rel := range []string{"action.yml", "action-composite/action.yml"} {
		t.Run(rel, func(t *testing.T) {
			a, text := loadAction(t, rel)
			if a.Name == "" || a.Description == "" || a.Author == "" {
				t.Errorf("name %q, description %q, author %q: all are required", a.Name, a.Description, a.Author)
			}
			if !contains(brandingColors, a.Branding.Color) || !contains(brandingIcons, a.Branding.Icon) {
				t.Errorf("branding %+v", a.Branding)
			}
			if got, want := keys(a.Inputs), keys(Defaults); !reflect.DeepEqual(got, want) {
				t.Errorf("inputs %v, the code reads %v", got, want)
			}
			for name, node := range a.Inputs {
				var in struct {
					Description string    `yaml:"description"`
					Default     yaml.Node `yaml:"default"`
					Required    bool      `yaml:"required"`
				}
				if err := node.Decode(&in); err != nil {
					t.Errorf("input %s: %v", name, err)
					continue
				}
				if strings.TrimSpace(in.Description) == "" {
					t.Errorf("input %s has no description", name)
				}
				if in.Default.Kind != yaml.ScalarNode || in.Default.Tag != "!!str" {
					t.Errorf("input %s: default %q is not a string (tag %s): quote it", name, in.Default.Value, in.Default.Tag)
				} else if in.Default.Value != Defaults[name] {
					t.Errorf("input %s: default %q, the code's is %q", name, in.Default.Value, Defaults[name])
				}
				if in.Required {
					t.Errorf("input %s is required: every input is optional", name)
				}
			}
			want := append([]string(nil), OutputNames...)
			sort.Strings(want)
			if got := keys(a.Outputs); !reflect.DeepEqual(got, want) {
				t.Errorf("outputs %v, the code sets %v", got, want)
			}
			for name, o := range a.Outputs {
				if o.Description == "" {
					t.Errorf("output %s has no description", name)
				}
			}
			// Every expression names inputs and steps that exist.
			stepIDs := map[string]bool{}
			for _, s := range a.Runs.Steps {
				if s.ID != "" {
					stepIDs[s.ID] = true
				}
			}
			for _, m := range reExpr.FindAllStringSubmatch(text, -1) {
				for _, ref := range reInputRef.FindAllStringSubmatch(m[1], -1) {
					if _, ok := a.Inputs[ref[1]]; !ok {
						t.Errorf("%s refers to input %q, which is not declared", m[0], ref[1])
					}
				}
				for _, ref := range reStepsOutputs.FindAllStringSubmatch(m[1], -1) {
					if !stepIDs[ref[1]] {
						t.Errorf("%s refers to step %q, which does not exist", m[0], ref[1])
					}
				}
			}
			switch a.Runs.Using {
			case "docker":
				if _, err := os.Stat(filepath.Join(root(t), filepath.Dir(rel), a.Runs.Image)); err != nil {
					t.Errorf("runs.image: %v", err)
				}
				if !reflect.DeepEqual(a.Runs.Args, []string{"action"}) {
					t.Errorf("runs.args %q, want [action]", a.Runs.Args)
				}
			case "composite":
				for name, o := range a.Outputs {
					if m := reStepsOutputs.FindStringSubmatch(o.Value); m == nil || m[2] != name {
						t.Errorf("output %s: value %q is not a step's output of that name", name, o.Value)
					}
				}
				passed := map[string]bool{}
				for i, s := range a.Runs.Steps {
					if (s.Uses == "") == (s.Run == "") {
						t.Errorf("step %d: exactly one of uses and run", i)
					}
					if s.Run != "" && s.Shell == "" {
						t.Errorf("step %d: run without shell (required in composite actions)", i)
					}
					for k, v := range s.Env {
						if name, ok := strings.CutPrefix(k, "INPUT_"); ok {
							if v != "${{ inputs."+strings.ToLower(strings.ReplaceAll(name, "_", "-"))+" }}" {
								t.Errorf("env %s: %q is not its input", k, v)
							}
							passed[strings.ToLower(strings.ReplaceAll(name, "_", "-"))] = true
						}
					}
				}
				for name := range Defaults {
					if !passed[name] {
						t.Errorf("input %s is not passed to prbmc", name)
					}
				}
			default:
				t.Errorf("runs.using %q", a.Runs.Using)
			}
		})
	}
}

// TestDockerfile: pinned base images, and every step of image.sh it runs
// exists.
func TestDockerfile(t *testing.T) {
	text := readFile(t, filepath.Join(root(t), "Dockerfile"))
	script := readFile(t, filepath.Join(root(t), "scripts", "image.sh"))
	froms := 0
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		switch strings.ToUpper(f[0]) {
		case "FROM":
			froms++
			img := f[1]
			_, tag, ok := strings.Cut(img, ":")
			if !strings.Contains(img, "@sha256:") && (!ok || tag == "latest" || !regexp.MustCompile(`\d+\.\d+`).MatchString(tag)) {
				t.Errorf("FROM %s is not pinned (an exact version tag or a digest)", img)
			}
		}
	}
	if froms != 2 {
		t.Errorf("%d stages, want 2 (build, run)", froms)
	}
	var runs []string // the RUN instructions, continuation lines included
	for _, line := range strings.Split(text, "\n") {
		if f := strings.Fields(line); len(f) > 0 && f[0] != "COPY" && f[0] != "FROM" && !strings.HasPrefix(f[0], "#") {
			runs = append(runs, line)
		}
	}
	for _, m := range regexp.MustCompile(`image\.sh ([a-z-]+)`).FindAllStringSubmatch(strings.Join(runs, "\n"), -1) {
		if !strings.Contains(script, "\n"+m[1]+")") {
			t.Errorf("the Dockerfile runs image.sh %s, which image.sh lacks", m[1])
		}
	}
	for _, want := range []string{"build-deps", "run-deps", "build /out/prbmc", "check /out/prbmc", "container-config"} {
		if !strings.Contains(strings.Join(runs, "\n"), "image.sh "+want) {
			t.Errorf("the Dockerfile does not run image.sh %s", want)
		}
	}
}

// workflow is the part of a workflow file the checks read.
type workflow struct {
	On          map[string]any    `yaml:"on"`
	Permissions map[string]string `yaml:"permissions"`
	Jobs        map[string]struct {
		RunsOn string `yaml:"runs-on"`
		Steps  []struct {
			ID   string            `yaml:"id"`
			Uses string            `yaml:"uses"`
			Run  string            `yaml:"run"`
			With map[string]string `yaml:"with"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// TestWorkflowExamples parses the README's workflow example (kept in
// testdata/action) and its variant, and checks them against action.yml.
func TestWorkflowExamples(t *testing.T) {
	act, _ := loadAction(t, "action.yml")
	for _, name := range []string{"workflow.yml", "workflow-upload-sarif.yml"} {
		t.Run(name, func(t *testing.T) {
			text := readFile(t, filepath.Join(root(t), "testdata", "action", name))
			var wf workflow
			if err := yaml.Unmarshal([]byte(text), &wf); err != nil {
				t.Fatal(err)
			}
			if _, ok := wf.On["pull_request"]; !ok {
				t.Errorf("on: %v lacks pull_request", wf.On)
			}
			wantPerm := map[string]string{"contents": "read", "pull-requests": "write", "security-events": "write"}
			if !reflect.DeepEqual(wf.Permissions, wantPerm) {
				t.Errorf("permissions %v, want %v", wf.Permissions, wantPerm)
			}
			if len(wf.Jobs) != 1 {
				t.Fatalf("%d jobs", len(wf.Jobs))
			}
			for _, job := range wf.Jobs {
				if job.RunsOn == "" {
					t.Error("no runs-on")
				}
				checkout, prbmc := -1, -1
				ids := map[string]bool{}
				for i, s := range job.Steps {
					ids[s.ID] = s.ID != ""
					switch {
					case strings.HasPrefix(s.Uses, "actions/checkout@"):
						checkout = i
						if s.With["fetch-depth"] != "0" {
							t.Errorf("checkout fetch-depth %q, want 0", s.With["fetch-depth"])
						}
						if !strings.Contains(s.With["ref"], "github.event.pull_request.head.sha") {
							t.Errorf("checkout ref %q: want the pull request's head commit", s.With["ref"])
						}
					case strings.HasPrefix(s.Uses, "prbmc/prbmc@"):
						prbmc = i
						for k := range s.With {
							if _, ok := act.Inputs[k]; !ok {
								t.Errorf("with: %s is not an input of action.yml", k)
							}
						}
					}
				}
				if checkout < 0 || prbmc < checkout {
					t.Errorf("want actions/checkout, then prbmc/prbmc (at %d, %d)", checkout, prbmc)
				}
				for _, m := range reStepsOutputs.FindAllStringSubmatch(text, -1) {
					if !ids[m[1]] {
						t.Errorf("%s: no step %s", m[0], m[1])
					}
					if _, ok := act.Outputs[m[2]]; !ok {
						t.Errorf("%s: action.yml has no output %s", m[0], m[2])
					}
				}
			}
		})
	}
}

// TestReadmeWorkflow: once README.md shows the workflow, it shows the one
// kept (and checked) in testdata/action/workflow.yml.
func TestReadmeWorkflow(t *testing.T) {
	readme := readFile(t, filepath.Join(root(t), "README.md"))
	if !strings.Contains(readme, "uses: prbmc/prbmc@") {
		t.Skip("README.md has no workflow example yet")
	}
	kept := readFile(t, filepath.Join(root(t), "testdata", "action", "workflow.yml"))
	// The README's block is the file without its leading comment lines.
	var body []string
	for _, l := range strings.Split(kept, "\n") {
		if len(body) == 0 && strings.HasPrefix(l, "#") {
			continue
		}
		body = append(body, l)
	}
	if !strings.Contains(readme, "```yaml\n"+strings.Join(body, "\n")+"```") {
		t.Error("README.md's workflow example differs from testdata/action/workflow.yml (less its leading comments)")
	}
}

// TestReadmeInputsTable: README.md's table of the action's inputs lists
// every input action.yml declares, with the same default (the code's;
// TestActionMetadata ties those to action.yml). Defaults the table spells
// in words (the token expression, "all C files but ...") are written as
// the table does.
func TestReadmeInputsTable(t *testing.T) {
	readme := readFile(t, filepath.Join(root(t), "README.md"))
	start := strings.Index(readme, "| Input | Default | Meaning |")
	if start < 0 {
		t.Fatal("README.md has no inputs table")
	}
	rows := map[string]string{}
	for _, line := range strings.Split(readme[start:], "\n")[2:] {
		if !strings.HasPrefix(line, "|") {
			break
		}
		cells := strings.Split(line, "|")
		if len(cells) < 4 {
			continue
		}
		def := strings.Trim(strings.TrimSpace(cells[2]), "`")
		for _, name := range strings.Split(cells[1], ",") {
			rows[strings.Trim(strings.TrimSpace(name), "`")] = def
		}
	}
	inWords := map[string]string{
		"paths":            "(all C files but tests and vendored code)",
		"base":             "the merge base",
		"compile-commands": "none",
		"include-dirs":     "none",
		"defines":          "none",
		"results":          "none",
		"pull-request":     "the event's",
	}
	for name, def := range Defaults {
		got, ok := rows[name]
		if !ok {
			t.Errorf("README's inputs table lacks %s", name)
			continue
		}
		want := def
		if w, ok := inWords[name]; ok {
			want = w
		}
		if got != want {
			t.Errorf("README's inputs table gives %s the default %q, action.yml %q", name, got, want)
		}
	}
	for name := range rows {
		if _, ok := Defaults[name]; !ok {
			t.Errorf("README's inputs table lists %s, which action.yml does not declare", name)
		}
	}
}

// jobsFile is the part of a multi-job workflow file the checks read.
type jobsFile struct {
	On          map[string]any    `yaml:"on"`
	Permissions map[string]string `yaml:"permissions"`
	Jobs        map[string]struct {
		RunsOn string `yaml:"runs-on"`
		Needs  any    `yaml:"needs"`
		Steps  []struct {
			ID   string            `yaml:"id"`
			Uses string            `yaml:"uses"`
			Run  string            `yaml:"run"`
			With map[string]string `yaml:"with"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// TestWorkflowFiles checks the README's multi-job workflows, kept in
// testdata/action: they parse, pass prbmc/prbmc only inputs action.yml
// declares, ask for the permissions the README documents, refer only
// to steps of their own job, and no job that publishes (the fork
// workflow's second stage, the shards' publish job) checks code out.
func TestWorkflowFiles(t *testing.T) {
	act, _ := loadAction(t, "action.yml")
	readme := readFile(t, filepath.Join(root(t), "README.md"))
	for _, tc := range []struct {
		name    string
		on      string
		perm    map[string]string
		publish []string // jobs that must not check out anything
	}{
		{"workflow-matrix.yml", "pull_request", map[string]string{"contents": "read", "pull-requests": "write", "security-events": "write"}, []string{"publish"}},
		{"workflow-fork-analyze.yml", "pull_request", map[string]string{"contents": "read"}, nil},
		{"workflow-fork-publish.yml", "workflow_run", map[string]string{"actions": "read", "contents": "read", "pull-requests": "write", "security-events": "write"}, []string{"publish"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := readFile(t, filepath.Join(root(t), "testdata", "action", tc.name))
			if !strings.Contains(readme, "```yaml\n"+text+"```") {
				t.Errorf("README.md does not show %s as it is", tc.name)
			}
			var wf jobsFile
			if err := yaml.Unmarshal([]byte(text), &wf); err != nil {
				t.Fatal(err)
			}
			if _, ok := wf.On[tc.on]; !ok || len(wf.On) != 1 {
				t.Errorf("on: %v, want %s only", wf.On, tc.on)
			}
			if !reflect.DeepEqual(wf.Permissions, tc.perm) {
				t.Errorf("permissions %v, want %v", wf.Permissions, tc.perm)
			}
			if len(wf.Jobs) == 0 {
				t.Fatal("no jobs")
			}
			for _, name := range tc.publish {
				if _, ok := wf.Jobs[name]; !ok {
					t.Errorf("no job %s", name)
				}
			}
			for name, job := range wf.Jobs {
				if job.RunsOn == "" {
					t.Errorf("job %s: no runs-on", name)
				}
				ids := map[string]bool{}
				for _, s := range job.Steps {
					if s.ID != "" {
						ids[s.ID] = true
					}
					if strings.HasPrefix(s.Uses, "prbmc/prbmc@") {
						for k := range s.With {
							if _, ok := act.Inputs[k]; !ok {
								t.Errorf("job %s: with: %s is not an input of action.yml", name, k)
							}
						}
					}
					if strings.HasPrefix(s.Uses, "actions/checkout@") && contains(tc.publish, name) {
						t.Errorf("job %s publishes and checks out %v: it must not run the pull request's code", name, s.With)
					}
					for _, m := range reStepsOutputs.FindAllStringSubmatch(s.Run+fmt.Sprint(s.With), -1) {
						if !ids[m[1]] {
							t.Errorf("job %s: %s: no earlier step %s", name, m[0], m[1])
						}
					}
				}
			}
		})
	}
}

// TestWorkflowCache: the README's workflow restores and saves the result
// cache after the checkout (which would clean it away) and before
// prbmc, at the cache-dir default, keyed by commit.
func TestWorkflowCache(t *testing.T) {
	text := readFile(t, filepath.Join(root(t), "testdata", "action", "workflow.yml"))
	var wf workflow
	if err := yaml.Unmarshal([]byte(text), &wf); err != nil {
		t.Fatal(err)
	}
	for _, job := range wf.Jobs {
		checkout, cache, prbmc := -1, -1, -1
		for i, s := range job.Steps {
			switch {
			case strings.HasPrefix(s.Uses, "actions/checkout@"):
				checkout = i
			case strings.HasPrefix(s.Uses, "actions/cache@"):
				cache = i
				want := map[string]string{"path": Defaults["cache-dir"], "key": "prbmc-${{ github.sha }}", "restore-keys": "prbmc-"}
				if !reflect.DeepEqual(s.With, want) {
					t.Errorf("actions/cache with %v, want %v", s.With, want)
				}
			case strings.HasPrefix(s.Uses, "prbmc/prbmc@"):
				prbmc = i
				if s.With["cache"] != "true" {
					t.Errorf("prbmc/prbmc with cache %q, want true", s.With["cache"])
				}
			}
		}
		if !(checkout >= 0 && checkout < cache && cache < prbmc) {
			t.Errorf("steps checkout %d, cache %d, prbmc %d: want them in that order", checkout, cache, prbmc)
		}
	}
}
