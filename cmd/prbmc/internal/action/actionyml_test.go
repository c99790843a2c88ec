package action

import (
	"fmt"
	"os"
	"os/exec"
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
		Needs  any    `yaml:"needs"`
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

// TestCompositeRunners: the composite action installs packages with apt,
// so it says it runs on Debian or Ubuntu only, promises no other runner,
// and stops first, with an error annotation, on a runner without apt.
func TestCompositeRunners(t *testing.T) {
	a, text := loadAction(t, "action-composite/action.yml")
	var header []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(l, "#") {
			break
		}
		header = append(header, strings.TrimPrefix(l, "#"))
	}
	h := strings.Join(header, " ")
	if !strings.Contains(h, "Debian or Ubuntu runners only") {
		t.Errorf("the header does not say Debian or Ubuntu runners only:\n%s", h)
	}
	// The runners it cannot serve are named only as what it stops on.
	for _, word := range []string{"macOS", "Windows", "WSL"} {
		for _, sentence := range strings.Split(h, ".") {
			if strings.Contains(sentence, word) && !strings.Contains(sentence, "stops") {
				t.Errorf("the header offers %s: %q", word, strings.TrimSpace(sentence))
			}
		}
	}
	if len(a.Runs.Steps) == 0 {
		t.Fatal("no steps")
	}
	guard := a.Runs.Steps[0]
	for _, want := range []string{`"$RUNNER_OS" != Linux`, "command -v apt-get", "command -v dpkg-query", "::error::", "exit 1"} {
		if !strings.Contains(guard.Run, want) {
			t.Errorf("the first step does not check the runner (%q missing):\n%s", want, guard.Run)
		}
	}
	// The guard is plain bash: run it as a Linux runner with apt would,
	// and as macOS.
	for _, tc := range []struct {
		os   string
		path string
		ok   bool
	}{{"Linux", os.Getenv("PATH"), true}, {"macOS", os.Getenv("PATH"), false}, {"Linux", t.TempDir(), false}} {
		if tc.ok {
			if _, err := exec.LookPath("apt-get"); err != nil {
				continue // this machine has no apt
			}
		}
		bash, err := exec.LookPath("bash")
		if err != nil {
			t.Skip("no bash")
		}
		cmd := exec.Command(bash, "-c", guard.Run)
		cmd.Env = []string{"RUNNER_OS=" + tc.os, "PATH=" + tc.path}
		out, err := cmd.CombinedOutput()
		if (err == nil) != tc.ok {
			t.Errorf("RUNNER_OS=%s PATH=%s: err %v, want ok %v\n%s", tc.os, tc.path, err, tc.ok, out)
		}
		if !tc.ok && !strings.Contains(string(out), "::error::prbmc (composite) runs on Debian or Ubuntu runners only") {
			t.Errorf("RUNNER_OS=%s: no error annotation:\n%s", tc.os, out)
		}
	}
}

// reUses is a step's action reference pinned as this repository pins
// them: owner/repo@<full commit SHA> # vX.Y[.Z], the tag it was.
var reUses = regexp.MustCompile(`^\s*(?:-\s+)?uses:\s+([A-Za-z0-9_.-]+/[A-Za-z0-9_./-]+)@([0-9a-f]{40})\s+#\s+v\d+\.\d+(\.\d+)?\s*$`)

// TestReleaseWorkflow: the release workflow runs on tags v*, pushes the
// multi-platform image to ghcr.io with packages: write in that job only,
// builds the binary for both platforms with the image's steps, and pins
// every action by full commit SHA with its version in a comment.
func TestReleaseWorkflow(t *testing.T) {
	text := readFile(t, filepath.Join(root(t), ".github", "workflows", "release.yml"))
	type step struct {
		ID   string            `yaml:"id"`
		Uses string            `yaml:"uses"`
		Run  string            `yaml:"run"`
		With map[string]string `yaml:"with"`
		Env  map[string]string `yaml:"env"`
	}
	var wf struct {
		On struct {
			Push struct {
				Tags     []string `yaml:"tags"`
				Branches []string `yaml:"branches"`
			} `yaml:"push"`
		} `yaml:"on"`
		Permissions map[string]string `yaml:"permissions"`
		Jobs        map[string]struct {
			RunsOn      string            `yaml:"runs-on"`
			Permissions map[string]string `yaml:"permissions"`
			Strategy    struct {
				Matrix struct {
					Include []map[string]string `yaml:"include"`
				} `yaml:"matrix"`
			} `yaml:"strategy"`
			Steps []step `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal([]byte(text), &wf); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(wf.On.Push.Tags, []string{"v*"}) || len(wf.On.Push.Branches) > 0 {
		t.Errorf("on.push %+v, want tags [v*] only", wf.On.Push)
	}
	if !reflect.DeepEqual(wf.Permissions, map[string]string{"contents": "read"}) {
		t.Errorf("workflow permissions %v, want contents: read (jobs ask for more)", wf.Permissions)
	}
	// Every uses: line is pinned, in the YAML and in the text.
	uses := 0
	for _, line := range strings.Split(text, "\n") {
		if regexp.MustCompile(`^\s*(-\s+)?uses:`).MatchString(line) {
			uses++
			if !reUses.MatchString(line) {
				t.Errorf("not pinned to a full commit SHA with a # vX.Y comment: %s", strings.TrimSpace(line))
			}
		}
	}
	byUses := map[string]step{}
	n := 0
	for name, job := range wf.Jobs {
		for _, s := range job.Steps {
			if s.Uses != "" {
				n++
				byUses[s.Uses[:strings.Index(s.Uses, "@")]] = s
			}
		}
		if job.Permissions["packages"] == "write" && name != "image" {
			t.Errorf("job %s has packages: write", name)
		}
	}
	if n != uses {
		t.Errorf("%d steps use an action, %d uses: lines", n, uses)
	}
	image, ok := wf.Jobs["image"]
	if !ok {
		t.Fatal("no image job")
	}
	if !reflect.DeepEqual(image.Permissions, map[string]string{"contents": "read", "packages": "write"}) {
		t.Errorf("image job permissions %v, want contents: read, packages: write", image.Permissions)
	}
	for _, want := range []string{"actions/checkout", "docker/setup-qemu-action", "docker/setup-buildx-action", "docker/login-action", "docker/build-push-action"} {
		if _, ok := byUses[want]; !ok {
			t.Errorf("no step uses %s", want)
		}
	}
	if l := byUses["docker/login-action"]; l.With["registry"] != "ghcr.io" || l.With["password"] != "${{ secrets.GITHUB_TOKEN }}" {
		t.Errorf("login %v: want ghcr.io with the workflow's token", l.With)
	}
	b := byUses["docker/build-push-action"]
	if b.With["platforms"] != "linux/amd64,linux/arm64" || b.With["push"] != "true" || b.With["context"] != "." || b.ID == "" {
		t.Errorf("build-push %+v: want both platforms, pushed, from the Dockerfile, with an id for the digest", b)
	}
	var nameStep step
	for _, s := range image.Steps {
		if s.ID == "name" {
			nameStep = s
		}
	}
	if b.With["tags"] != "${{ steps.name.outputs.image }}" || nameStep.Env["OWNER"] != "${{ github.repository_owner }}" || nameStep.Env["TAG"] != "${{ github.ref_name }}" ||
		!strings.Contains(nameStep.Run, "ghcr.io/${OWNER,,}/prbmc:${TAG}") {
		t.Errorf("tags %q from %+v: want ghcr.io/<owner, lower case>/prbmc:<tag>", b.With["tags"], nameStep)
	}
	// Expressions reach the shell through env only (no injection).
	for name, job := range wf.Jobs {
		for _, s := range job.Steps {
			if strings.Contains(s.Run, "${{") {
				t.Errorf("job %s: a run script expands an expression: %s", name, s.Run)
			}
		}
	}
	bin, ok := wf.Jobs["binary"]
	if !ok {
		t.Fatal("no binary job")
	}
	arches := map[string]bool{}
	for _, m := range bin.Strategy.Matrix.Include {
		arches[m["arch"]] = m["runner"] != ""
	}
	if !reflect.DeepEqual(arches, map[string]bool{"amd64": true, "arm64": true}) {
		t.Errorf("binary matrix %v, want amd64 and arm64, each with its runner", bin.Strategy.Matrix.Include)
	}
	var script string
	for _, s := range bin.Steps {
		script += s.Run
	}
	for _, want := range []string{"image.sh build-deps", "image.sh run-deps", "image.sh build ", "image.sh check "} {
		if !strings.Contains(script, want) {
			t.Errorf("the binary job does not run %s", want)
		}
	}
	if u := byUses["actions/upload-artifact"]; u.With["if-no-files-found"] != "error" || !strings.HasPrefix(u.With["path"], "dist/") {
		t.Errorf("upload-artifact %v", u.With)
	}
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
			var wf workflow
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
