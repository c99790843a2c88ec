// Package witnesstest is test support for code that writes witnesses:
// the check that a GraphML witness is well-formed XML, for the witness
// package's tests and prbmc's.
package witnesstest

import (
	"bytes"
	"encoding/xml"
	"io"
	"testing"
)

// WellFormed fails t unless every token of b decodes as XML.
func WellFormed(t testing.TB, b []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	for {
		if _, err := d.Token(); err == io.EOF {
			return
		} else if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, b)
		}
	}
}
