package cfront

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSandboxHasIncludeNoRead checks that __has_include opens and stats
// through the sandbox but reads nothing: false outside, true for a file
// inside even when reading it would exceed the caps.
func TestSandboxHasIncludeNoRead(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "big.h"), []byte(strings.Repeat("/**/", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	sb, err := NewSandbox(root)
	if err != nil {
		t.Fatal(err)
	}
	sb.MaxTotalBytes = 10
	fe, err := newFrontend(Config{Sandbox: sb})
	if err != nil {
		t.Fatal(err)
	}
	src := "#if __has_include(\"" + strings.Repeat("../", 16) + "etc/passwd\")\n#error outside seen\n#endif\n" +
		"#if !__has_include(\"big.h\")\n#error inside not seen\n#endif\nint x;\n"
	if _, err := fe.parse(context.Background(), filepath.Join(root, "main.c"), []byte(src)); err != nil {
		t.Fatal(err)
	}
	if fe.box.total != 0 || len(fe.box.data) != 0 {
		t.Errorf("__has_include read %d bytes of %d files", fe.box.total, len(fe.box.data))
	}
	if len(fe.box.refusals) == 0 {
		t.Errorf("the outside file was not refused")
	}
}

// TestSandboxHeaderBytes logs what common system headers cost against the
// caps.
func TestSandboxHeaderBytes(t *testing.T) {
	sb, err := NewSandbox(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, hs := range [][]string{
		{"stdio.h", "stdlib.h", "string.h", "assert.h"},
		{"stdio.h", "stdlib.h", "string.h", "assert.h", "math.h", "pthread.h", "signal.h", "unistd.h",
			"sys/socket.h", "netinet/in.h", "stdint.h", "inttypes.h", "errno.h", "fcntl.h", "sys/stat.h",
			"time.h", "ctype.h", "limits.h", "stdatomic.h"},
	} {
		fe, err := newFrontend(Config{Sandbox: sb, Cache: &ConfigCache{}})
		if err != nil {
			t.Fatal(err)
		}
		var src strings.Builder
		for _, h := range hs {
			src.WriteString("#include <" + h + ">\n")
		}
		if _, err := fe.parse(context.Background(), "main.c", []byte(src.String())); err != nil {
			t.Fatal(err)
		}
		var largest int
		for _, b := range fe.box.data {
			largest = max(largest, len(b))
		}
		t.Logf("%d headers: %d files, %d bytes, the largest %d bytes (caps %d, %d)",
			len(hs), len(fe.box.data), fe.box.total, largest, sb.MaxFileBytes, sb.MaxTotalBytes)
	}
}
