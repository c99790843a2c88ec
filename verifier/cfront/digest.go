package cfront

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"modernc.org/cc/v4"
)

// Digest is the SHA-256, in hex, of everything loading src with cfg reads:
// the configuration (data model, -D, -U, -I), the predefined macros, every
// file the preprocessor read (the main file, the headers as the include
// paths resolved them, system headers included), each named and with its
// bytes, and the preprocessed text. Two loads with the same digest see
// the same translation unit, positions included; a change to any file of
// the unit changes it, a change to a file outside it does not.
//
// It preprocesses without parsing. It needs cfg.Sandbox: the sandbox is
// what tells which files were read. Paths under root (the checkout) are
// hashed relative to it, so the same sources checked out in another
// directory digest alike. Errors are those of preprocessing, as Load
// would report them ("include file not found: ...").
func Digest(ctx context.Context, cfg Config, src Source, root string) (sum string, err error) {
	defer func() {
		if r := recover(); r != nil {
			sum, err = "", fmt.Errorf("internal error in the C preprocessor: %v", r)
		}
	}()
	if cfg.Sandbox == nil {
		return "", errors.New("a digest needs the front end's sandbox (it lists the files read)")
	}
	if err := ctx.Err(); err != nil {
		return "", err
	}
	fe, err := newFrontend(cfg)
	if err != nil {
		return "", err
	}
	text := src.Text
	if text == nil {
		if text, err = fe.box.readFile(src.Name); err != nil {
			return "", err
		}
	}
	main := rewriteLineMarkers(text)
	sources := []cc.Source{
		{Name: "<predefined>", Value: fe.cfg.Predefined},
		{Name: "<builtin>", Value: cc.Builtin},
		{Name: src.Name, Value: append(main[:len(main):len(main)], eofGuard...)},
	}
	h := sha256.New()
	rel := func(p string) string {
		if root == "" {
			return p
		}
		return strings.ReplaceAll(p, filepath.Clean(root)+string(filepath.Separator), "")
	}
	field := func(name string, b []byte) {
		fmt.Fprintf(h, "%s %d\n", name, len(b))
		h.Write(b)
		io.WriteString(h, "\n")
	}
	field("digest", []byte("cfront 1"))
	field("model", []byte(fmt.Sprint(cfg.DataModel)))
	field("defines", []byte(strings.Join(cfg.Defines, "\x00")))
	field("undefines", []byte(strings.Join(cfg.Undefines, "\x00")))
	var dirs []string
	for _, d := range fe.cfg.IncludePaths {
		dirs = append(dirs, rel(d))
	}
	field("include", []byte(strings.Join(dirs, "\x00")))
	field("predefined", []byte(fe.cfg.Predefined))
	field("main", []byte(rel(src.Name)))
	field("text", text)
	var out strings.Builder
	if err := cc.Preprocess(fe.cfg, sources, &out); err != nil {
		err = firstError(src.Name, err)
		return "", fe.box.explain(err, fe.cfg)
	}
	field("preprocessed", []byte(rel(out.String())))
	fe.box.mu.Lock()
	paths := make([]string, 0, len(fe.box.data))
	for p := range fe.box.data {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		field("file "+rel(p), fe.box.data[p])
	}
	fe.box.mu.Unlock()
	return hex.EncodeToString(h.Sum(nil)), nil
}
