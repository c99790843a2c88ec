// Package sariftest is test support for code that writes SARIF: it
// validates a log against the OASIS SARIF 2.1.0 schema kept in the
// repository (testdata/sarif-schema-2.1.0.json, a draft-04 JSON schema).
package sariftest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// SchemaFile is the schema's path from the repository root.
const SchemaFile = "testdata/sarif-schema-2.1.0.json"

var (
	once   sync.Once
	schema *jsonschema.Schema
	errSch error
)

// repoRoot is the nearest directory above the working directory that
// holds go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = up
	}
}

func load() (*jsonschema.Schema, error) {
	once.Do(func() {
		root, err := repoRoot()
		if err != nil {
			errSch = err
			return
		}
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft4)
		c.AssertFormat()
		schema, errSch = c.Compile(filepath.Join(root, SchemaFile))
	})
	return schema, errSch
}

// Check validates a SARIF log against the schema.
func Check(log []byte) error {
	sch, err := load()
	if err != nil {
		return fmt.Errorf("loading the SARIF schema: %w", err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(log))
	if err != nil {
		return fmt.Errorf("SARIF is not JSON: %w", err)
	}
	return sch.Validate(inst)
}

// Validate fails t unless log is valid SARIF 2.1.0.
func Validate(t testing.TB, log []byte) {
	t.Helper()
	if err := Check(log); err != nil {
		t.Fatalf("invalid SARIF: %v", err)
	}
}
