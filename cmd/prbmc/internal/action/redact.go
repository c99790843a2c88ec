package action

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"io"
	"net/url"
	"os"
	"sort"
	"syscall"
)

// redactor writes to w with every occurrence of the secret, and of the
// encodings of it that a request or a report could carry (base64 as in
// HTTP basic authentication, hex, URL escaping), replaced by ***. It is
// the last line of defence: the checker never sees the token (see
// ScrubProcessEnv), and the front end's sandbox keeps it from reading
// files that hold it.
type redactor struct {
	w     io.Writer
	forms [][]byte // longest first
}

// minSecretLen: shorter "secrets" (a test's or a misconfigured input)
// would blank ordinary words.
const minSecretLen = 8

func (r *redactor) setSecret(secret string) {
	r.forms = nil
	if len(secret) < minSecretLen {
		return
	}
	seen := map[string]bool{}
	add := func(s string) {
		if len(s) >= minSecretLen && !seen[s] {
			seen[s] = true
			r.forms = append(r.forms, []byte(s))
		}
	}
	for _, plain := range []string{secret, "x-access-token:" + secret, "x-access-token:" + secret + "\n"} {
		add(base64.StdEncoding.EncodeToString([]byte(plain)))
		add(base64.RawStdEncoding.EncodeToString([]byte(plain)))
		add(base64.URLEncoding.EncodeToString([]byte(plain)))
		add(base64.RawURLEncoding.EncodeToString([]byte(plain)))
	}
	add(secret)
	add(url.QueryEscape(secret))
	add(hex.EncodeToString([]byte(secret)))
	up := []byte(hex.EncodeToString([]byte(secret)))
	add(string(bytes.ToUpper(up)))
	sort.Slice(r.forms, func(i, j int) bool { return len(r.forms[i]) > len(r.forms[j]) })
}

// redact returns b with every form of the secret replaced.
func (r *redactor) redact(b []byte) []byte {
	for _, f := range r.forms {
		if bytes.Contains(b, f) {
			b = bytes.ReplaceAll(b, f, []byte("***"))
		}
	}
	return b
}

func (r *redactor) Write(p []byte) (int, error) {
	if _, err := r.w.Write(r.redact(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// writeNoFollow writes a file that a pull request may have planted a
// symlink (or anything else) at: what is there is removed first, and the
// new file is created exclusively without following a link, so the write
// cannot land outside the workspace.
func writeNoFollow(path string, data []byte) error {
	if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
