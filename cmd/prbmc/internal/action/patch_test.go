package action

import (
	"reflect"
	"sort"
	"testing"
)

func TestParsePatch(t *testing.T) {
	for _, tc := range []struct {
		name, patch string
		want        []int
		err         bool
	}{
		{"added file", "@@ -0,0 +1,3 @@\n+a\n+b\n+c", []int{1, 2, 3}, false},
		{"edit with context", "@@ -10,7 +10,8 @@ int f(void)\n ctx\n ctx\n-old\n+new\n+new2\n ctx\n ctx", []int{10, 11, 12, 13, 14, 15}, false},
		{"two hunks", "@@ -1,2 +1,2 @@\n-a\n+A\n b\n@@ -40,3 +40,2 @@\n x\n-y\n z", []int{1, 2, 40, 41}, false},
		{"deletion only", "@@ -5,2 +4,0 @@\n-a\n-b", nil, false},
		{"no newline marker", "@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file", []int{1}, false},
		{"single-line hunk header", "@@ -3 +7 @@\n+x", []int{7}, false},
		{"bad header", "@@ -1,2 @@\n+x", nil, true},
		{"garbage in hunk", "@@ -1 +1 @@\n*x", nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parsePatch(tc.patch)
			if (err != nil) != tc.err {
				t.Fatalf("err = %v, want error %v", err, tc.err)
			}
			if tc.err {
				return
			}
			var lines []int
			for l := range got {
				lines = append(lines, l)
			}
			sort.Ints(lines)
			if !reflect.DeepEqual(lines, tc.want) {
				t.Errorf("lines = %v, want %v", lines, tc.want)
			}
		})
	}
}
