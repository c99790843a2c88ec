package results

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/diffscope"
)

func fnOfSize(file, name string, start, lines int) diffscope.Function {
	return diffscope.Function{File: file, Name: name, StartLine: start, EndLine: start + lines - 1, Status: diffscope.StatusChanged}
}

func TestAssign(t *testing.T) {
	fns := []diffscope.Function{fnOfSize("a.c", "big", 1, 100), fnOfSize("a.c", "mid", 200, 60), fnOfSize("b.c", "mid2", 1, 50),
		fnOfSize("b.c", "small", 100, 10), fnOfSize("c.c", "tiny", 1, 1)}
	for _, tc := range []struct {
		n    int
		want []int
	}{
		// Largest first, each to the lightest shard: big→1, mid→2, mid2→3,
		// small→3 (50 < 60), tiny→2 (60 < 100, 60 = 60: the lower).
		{3, []int{1, 2, 3, 3, 2}},
		{2, []int{1, 2, 2, 1, 1}}, // 110 and 111
		{1, []int{1, 1, 1, 1, 1}},
		{8, []int{1, 2, 3, 4, 5}},
	} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			got := Assign(fns, tc.n)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Assign(%d) = %v, want %v", tc.n, got, tc.want)
			}
			// The order of the input does not matter.
			rev := append([]diffscope.Function(nil), fns...)
			for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
				rev[i], rev[j] = rev[j], rev[i]
			}
			back := Assign(rev, tc.n)
			for i := range fns {
				if back[len(fns)-1-i] != got[i] {
					t.Errorf("reversed input: %s in shard %d, not %d", fns[i].Name, back[len(fns)-1-i], got[i])
				}
			}
		})
	}
	p := MakePlan(baseSHA, headSHA, fns, 3)
	var lines []int
	for _, s := range p.Shards {
		lines = append(lines, s.Lines)
	}
	if !reflect.DeepEqual(lines, []int{100, 61, 60}) || len(p.Matrix.Include) != 3 || p.Matrix.Include[1].Shard != "2/3" {
		t.Errorf("plan: lines %v, matrix %+v", lines, p.Matrix)
	}
}

func TestDecodePlan(t *testing.T) {
	fns := []diffscope.Function{fnOfSize("a.c", "f", 1, 10), fnOfSize("b.c", "g", 1, 5)}
	good, _ := json.Marshal(MakePlan(baseSHA, headSHA, fns, 2))
	if p, err := DecodePlan(bytes.NewReader(good)); err != nil || len(p.Shards) != 2 {
		t.Fatalf("good plan: %v", err)
	}
	for _, tc := range []struct{ name, input, want string }{
		{"schema 99", strings.Replace(string(good), `"schema":1`, `"schema":99`, 1), "plan schema version 99 is newer than this prbmc reads (1)"},
		{"../ path", strings.Replace(string(good), `"file":"a.c"`, `"file":"../a.c"`, 1), `plan shard 1/2: path "../a.c" leaves the repository`},
		{"shard numbering", strings.Replace(string(good), `"index":2`, `"index":7`, 1), "plan shard 2 is 7/2, not 2/2"},
		{"malformed", string(good[:20]), "not a prbmc plan: unexpected EOF"},
		{"no shards", `{"schema":1,"head":"` + headSHA + `","shards":[]}`, "plan has no shards"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodePlan(strings.NewReader(tc.input))
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %v, want %q…", err, tc.want)
			}
		})
	}
}

// TestMergePlanned: with the plan, a shard whose results are missing
// makes its functions not checked ("shard i/N missing"); with every
// shard there, the merge is the whole.
func TestMergePlanned(t *testing.T) {
	whole := sample(t)
	var scope []diffscope.Function
	for _, fn := range whole.Functions {
		scope = append(scope, diffscope.Function{File: fn.File, Name: fn.Name, StartLine: fn.Line, EndLine: fn.Line + len(fn.Name), Status: fn.Status})
	}
	plan := MakePlan(whole.Base, whole.Head, scope, 2)
	shard := func(i int) *File {
		f := sample(t)
		f.Shard = &Shard{Index: i, Count: 2}
		in := map[string]bool{}
		for _, pf := range plan.Shards[i-1].Functions {
			in[pf.key()] = true
		}
		f.Functions = nil
		for _, fn := range whole.Functions {
			if in[fn.Key()] {
				f.Functions = append(f.Functions, fn)
			}
		}
		return f
	}
	got, err := MergePlanned([]*File{shard(2), shard(1)}, plan)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := encode(t, got), encode(t, whole); !bytes.Equal(g, w) {
		t.Errorf("all shards merged:\n%s\nwant the whole:\n%s", g, w)
	}
	got, err = MergePlanned([]*File{shard(1)}, plan)
	if err != nil {
		t.Fatal(err)
	}
	var words []string
	for _, fn := range got.Functions {
		w := fn.Name + ": " + fn.Verdict
		if fn.Skip == SkipShard {
			w += " (" + fn.NotChecked + ")"
		}
		words = append(words, w)
	}
	var want []string
	in1 := map[string]bool{}
	for _, pf := range plan.Shards[0].Functions {
		in1[pf.Name] = true
	}
	for _, fn := range whole.Functions {
		switch {
		case in1[fn.Name] || fn.Status == diffscope.StatusRemoved:
			want = append(want, fn.Name+": "+fn.Verdict)
		default:
			want = append(want, fn.Name+": not checked (shard 2/2 missing: its results were not merged)")
		}
	}
	if !reflect.DeepEqual(words, want) {
		t.Errorf("shard 2 missing:\n%s\nwant:\n%s", strings.Join(words, "\n"), strings.Join(want, "\n"))
	}
	other := *plan
	other.Head = strings.Repeat("9", 40)
	if _, err := MergePlanned([]*File{shard(1)}, &other); err == nil || !strings.Contains(err.Error(), "the plan is of head 999999999999") {
		t.Errorf("plan of another head: %v", err)
	}
}
