package main

import (
	"os"
	"strings"
	"testing"
)

// TestIsTerminal: a file, a pipe and /dev/null (a character device, which
// a mode check took for a terminal) are not terminals; neither is
// anything under CI or with TERM=dumb.
func TestIsTerminal(t *testing.T) {
	t.Setenv("CI", "")
	t.Setenv("TERM", "xterm")
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer devnull.Close()
	file, err := os.Create(t.TempDir() + "/log")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for name, f := range map[string]*os.File{"/dev/null": devnull, "a file": file, "a pipe": w} {
		if isTerminal(f) {
			t.Errorf("%s is taken for a terminal", name)
		}
	}
	if isTerminal(&strings.Builder{}) {
		t.Error("a strings.Builder is taken for a terminal")
	}
	// A terminal, when the test has one, is one, unless CI or TERM=dumb.
	tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0)
	if err != nil {
		return // no controlling terminal here
	}
	defer tty.Close()
	if !isTerminal(tty) {
		t.Error("/dev/tty is not taken for a terminal")
	}
	t.Setenv("TERM", "dumb")
	if isTerminal(tty) {
		t.Error("TERM=dumb: a terminal")
	}
	t.Setenv("TERM", "xterm")
	t.Setenv("CI", "true")
	if isTerminal(tty) {
		t.Error("CI: a terminal")
	}
}
