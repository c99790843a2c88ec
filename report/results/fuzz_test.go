package results

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/report/markdown"
	"github.com/prbmc/prbmc/report/sarif"
)

// FuzzDecode: no input makes Decode, or the reports built from what it
// accepts, panic; what it accepts encodes and decodes again.
func FuzzDecode(f *testing.F) {
	var good bytes.Buffer
	Encode(&good, sample(&testing.T{}))
	f.Add(good.Bytes())
	f.Add([]byte(strings.Replace(good.String(), `"file": "src/ring.c"`, `"file": "src/../../x"`, 1)))
	f.Add([]byte(`{"schema": 1}`))
	f.Add([]byte(`{"schema": 1, "head": "1111111111111111111111111111111111111111", "optionsHash": "x", "functions": [{"result": {"properties": [{"trace": null}]}}]}`))
	f.Add([]byte(strings.Repeat("[", 100000)))
	f.Fuzz(func(t *testing.T, data []byte) {
		dec, err := Decode(bytes.NewReader(data))
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error of more than one line: %q", err)
			}
			return
		}
		var b bytes.Buffer
		if err := Encode(&b, dec); err != nil {
			t.Fatal(err)
		}
		if _, err := Decode(&b); err != nil {
			t.Fatalf("re-decoding what was accepted: %v", err)
		}
		fns := dec.FunctionResults()
		markdown.Summary(fns, markdown.SummaryOptions{})
		if err := sarif.Write(io.Discard, []sarif.Run{{Functions: fns}}, sarif.Options{ToolVersion: "fuzz", RepoRoot: "/repo", Category: "prbmc/"}); err != nil {
			t.Fatal(err)
		}
	})
}
