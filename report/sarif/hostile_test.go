package sarif

import (
	"encoding/json"
	"math/rand/v2"
	"net/url"
	"path"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/report/internal/fixtures"
	"github.com/prbmc/prbmc/report/sarif/sariftest"
)

// artifactURIs are the uri of every artifactLocation in a SARIF log, in
// the order they appear.
func artifactURIs(t *testing.T, b []byte) []string {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	var uris []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if al, ok := v["artifactLocation"].(map[string]any); ok {
				uri, _ := al["uri"].(string)
				uris = append(uris, uri)
			}
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(v)
	return uris
}

// Hostile names: the log is valid UTF-8 and valid SARIF, and each file
// gets one URI that percent-encodes its bytes (those that are not UTF-8
// too) and decodes back to the file's name.
func TestHostileNames(t *testing.T) {
	fr := report.FunctionResult{Name: "check", File: fixtures.BytesFile, Line: 3, Result: fixtures.HostileNames()}
	b, _ := render(t, testOpts, fr)
	fixtures.Golden(t, "hostile/hostile-names.sarif", b)
	if !utf8.Valid(b) {
		t.Error("the log is not valid UTF-8")
	}
	want := map[string]string{
		"src/%3Cimg%20src=x%20onerror=alert%281%29%3E.c": fixtures.TagFile,
		"src/%FF%FE.c": fixtures.BytesFile,
		// Clean drops the second slash of https://; a first segment with
		// a colon gets ./ so that it does not read as a scheme.
		"./zz%20%3Ca%20href=%22https:/evil.example%22%3EApply%20fix%3C/a%3E%20@octocat%20%3C%21--": path.Clean(fixtures.LineName),
	}
	seen := map[string]bool{}
	for _, u := range artifactURIs(t, b) {
		name, ok := want[u]
		if !ok {
			t.Errorf("unexpected URI %q", u)
			continue
		}
		seen[u] = true
		if got, err := url.PathUnescape(strings.TrimPrefix(u, "./")); err != nil || got != name {
			t.Errorf("URI %q decodes to %q (%v), want %q", u, got, err, name)
		}
	}
	if len(seen) != len(want) {
		t.Errorf("URIs seen %v, want all of %v", seen, want)
	}
	// Text that is not UTF-8 reaches the log as U+FFFD (encoding/json's
	// replacement), never as raw bytes.
	if !strings.Contains(string(b), `\ufffd\ufffd`) {
		t.Error("the invalid bytes of a value are not U+FFFD")
	}
}

// Random file names: every log validates and is valid UTF-8, and every
// relative URI decodes back to the cleaned name.
func TestRandomFileNames(t *testing.T) {
	alphabet := []string{"<", ">", "&", "\"", "'", "`", "|", "\\", "@", "#", "%", "%41", "?", ":", "/", "//", ".", "..", " ",
		"\n", "\r", "\x00", "\x7f", "\xff", "\xfe", "\x80", "\xc3", "é", "\u2028", "a", "Z", "1", "_", "-", "~", "[", "]", "(", ")", "!", "$", "+", "=", ";", ","}
	r := rand.New(rand.NewPCG(3, 4))
	name := func() string {
		var b strings.Builder
		for range 1 + r.IntN(10) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	opts := Options{ToolVersion: "0.1.0-test"} // no roots: relative names stay relative
	for range 100 {
		res := fixtures.HostileNames()
		p := &res.Props[0]
		p.Location.File = name()
		for j := range p.Trace.Steps {
			p.Trace.Steps[j].Location.File = name()
		}
		files := []string{p.Location.File}
		for _, st := range p.Trace.Steps {
			files = append(files, st.Location.File)
		}
		b, err := Marshal([]Run{{Functions: []report.FunctionResult{{Name: "check", Result: res}}}}, opts)
		if err != nil {
			t.Fatal(err)
		}
		if !utf8.Valid(b) {
			t.Fatalf("not valid UTF-8 for files %q", files)
		}
		if err := sariftest.Check(b); err != nil {
			t.Fatalf("files %q: %v", files, err)
		}
		cleaned := map[string]bool{}
		for _, f := range files {
			if report.IsSourceFile(f) {
				cleaned[path.Clean(f)] = true
			}
		}
		for _, u := range artifactURIs(t, b) {
			// file:///abs/name, or a relative reference (./ before a first
			// segment with a colon)
			got, err := url.PathUnescape(strings.TrimPrefix(strings.TrimPrefix(u, "file://"), "./"))
			if err != nil || !cleaned[got] {
				t.Errorf("URI %q decodes to %q (%v), not one of %q", u, got, err, files)
			}
		}
	}
}
