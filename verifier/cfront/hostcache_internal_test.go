package cfront

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"modernc.org/cc/v4"
)

// readEntry and writeEntry give the test the stored entry of key in dir.
func readEntry(t *testing.T, dir, key string) hostEntry {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, key[:32]+".json"))
	if err != nil {
		t.Fatalf("no entry stored: %v", err)
	}
	var e hostEntry
	if err := json.Unmarshal(b, &e); err != nil {
		t.Fatal(err)
	}
	return e
}

func writeEntry(t *testing.T, dir, key string, e hostEntry) {
	t.Helper()
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, key[:32]+".json"), b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// A configuration read back from disk is the one cc.NewConfig makes,
// to the last unexported field, for every data model and option set the
// front end uses.
func TestHostConfigFromDisk(t *testing.T) {
	for _, tc := range []struct {
		arch string
		opts []string
	}{
		{"amd64", nil},
		{"386", []string{"-m32"}},
		{"amd64", []string{"-DFOO=1", "-UBAR", "-DBAZ"}},
		{"386", []string{"-m32", "-mlong-double-64"}},
	} {
		t.Run(tc.arch+strings.Join(tc.opts, ""), func(t *testing.T) {
			want, err := cc.NewConfig("linux", tc.arch, tc.opts...)
			if err != nil {
				t.Skipf("the host compiler cannot do this: %v", err)
			}
			dir := t.TempDir()
			key, ok := hostKey(tc.arch, tc.opts)
			if !ok {
				t.Fatal("no key for the host compiler")
			}
			first, err := hostConfig(dir, tc.arch, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(first, want) {
				t.Fatalf("first config differs from cc.NewConfig")
			}
			e := readEntry(t, dir, key)
			if e.Predefined != want.Predefined || len(e.DirStamps) == 0 {
				t.Fatalf("stored entry: predefined %d bytes (want %d), %d stamps", len(e.Predefined), len(want.Predefined), len(e.DirStamps))
			}
			again := loadHost(dir, key, tc.arch, tc.opts)
			if again == nil {
				t.Fatal("stored entry not read back")
			}
			if !reflect.DeepEqual(again, want) {
				t.Errorf("config read from disk differs from cc.NewConfig:\n got %+v\nwant %+v", again, want)
			}
			// hostConfig uses the stored entry, without the compiler.
			e.Predefined += "\n#define FROM_DISK 1\n"
			writeEntry(t, dir, key, e)
			got, err := hostConfig(dir, tc.arch, tc.opts)
			if err != nil || !strings.Contains(got.Predefined, "FROM_DISK") {
				t.Errorf("hostConfig did not use the stored entry (err %v)", err)
			}
		})
	}
}

// An entry is not used when anything it was made from has changed: the
// include directories, the compiler binary, the options; a damaged or
// unwritable cache costs the compiler runs and nothing else.
func TestHostConfigStale(t *testing.T) {
	const marker = "\n#define FROM_DISK 1\n"
	fromDisk := func(cfg *cc.Config) bool { return strings.Contains(cfg.Predefined, marker) }
	seed := func(t *testing.T, dir string, opts []string) string {
		t.Helper()
		if _, err := hostConfig(dir, "amd64", opts); err != nil {
			t.Skipf("no host compiler: %v", err)
		}
		key, _ := hostKey("amd64", opts)
		e := readEntry(t, dir, key)
		e.Predefined += marker
		writeEntry(t, dir, key, e)
		return key
	}
	t.Run("include directory changed", func(t *testing.T) {
		dir := t.TempDir()
		key := seed(t, dir, nil)
		e := readEntry(t, dir, key)
		for d := range e.DirStamps {
			e.DirStamps[d]-- // as if a package had changed it since
			break
		}
		writeEntry(t, dir, key, e)
		cfg, err := hostConfig(dir, "amd64", nil)
		if err != nil || fromDisk(cfg) {
			t.Errorf("stale entry used (err %v)", err)
		}
		if e := readEntry(t, dir, key); strings.Contains(e.Predefined, marker) {
			t.Error("stale entry not replaced")
		}
	})
	t.Run("other options", func(t *testing.T) {
		dir := t.TempDir()
		seed(t, dir, nil)
		cfg, err := hostConfig(dir, "amd64", []string{"-DX=1"})
		if err != nil || fromDisk(cfg) || !strings.Contains(cfg.Predefined, "#define X 1") {
			t.Errorf("entry of other options used (err %v)", err)
		}
	})
	t.Run("compiler binary changed", func(t *testing.T) {
		real, err := exec.LookPath("cc")
		if err != nil {
			t.Skip("no cc")
		}
		bin := t.TempDir()
		wrapper := filepath.Join(bin, "mycc")
		if err := os.WriteFile(wrapper, []byte("#!/bin/sh\nexec "+real+" \"$@\"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		t.Setenv("CC", wrapper)
		dir := t.TempDir()
		key := seed(t, dir, nil)
		if cfg, err := hostConfig(dir, "amd64", nil); err != nil || !fromDisk(cfg) {
			t.Fatalf("entry not used before the compiler changed (err %v)", err)
		}
		later := time.Now().Add(time.Hour)
		if err := os.Chtimes(wrapper, later, later); err != nil {
			t.Fatal(err)
		}
		if k, _ := hostKey("amd64", nil); k == key {
			t.Fatal("key did not change with the compiler binary")
		}
		if cfg, err := hostConfig(dir, "amd64", nil); err != nil || fromDisk(cfg) {
			t.Errorf("entry of the old compiler used (err %v)", err)
		}
	})
	t.Run("damaged entry", func(t *testing.T) {
		dir := t.TempDir()
		key := seed(t, dir, nil)
		if err := os.WriteFile(filepath.Join(dir, key[:32]+".json"), []byte(`{"Key": "`), 0o600); err != nil {
			t.Fatal(err)
		}
		cfg, err := hostConfig(dir, "amd64", nil)
		if err != nil || fromDisk(cfg) || cfg.Predefined == "" {
			t.Errorf("damaged entry: err %v", err)
		}
	})
	t.Run("unwritable directory", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "f")
		if err := os.WriteFile(file, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		cfg, err := hostConfig(filepath.Join(file, "cache"), "amd64", nil)
		if err != nil || cfg.Predefined == "" {
			t.Errorf("unwritable cache directory: err %v", err)
		}
	})
}

// A directory full of entries (a compilation database can choose many
// option sets) starts again instead of growing.
func TestHostConfigBounded(t *testing.T) {
	dir := t.TempDir()
	for i := range maxHostEntries {
		if err := os.WriteFile(filepath.Join(dir, strings.Repeat("0", 30)+string(rune('a'+i%26))+string(rune('a'+i/26))+".json"), []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := hostConfig(dir, "amd64", nil); err != nil {
		t.Skipf("no host compiler: %v", err)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	key, _ := hostKey("amd64", nil)
	if len(ents) != 1 || ents[0].Name() != key[:32]+".json" {
		t.Errorf("after a store into a full directory: %d entries, want only the new one", len(ents))
	}
}
