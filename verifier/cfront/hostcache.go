package cfront

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"modernc.org/cc/v4"
)

// The host compiler's configuration kept on disk.
//
// cc.NewConfig runs the host C compiler twice (`cc -dM -E -` for the
// predefined macros, `cc -v -E -` for the include directories): 50 to
// 100 ms on a CI machine, a third of a small program's whole run, paid
// again by every process (each `prbmc verify`, each function's child
// process of `prbmc check`). What the two runs learn depends only on the
// compiler binary, its options and the environment it reads, so
// Config.HostCacheDir keeps it between processes under a key made of
// all of those. The rest of a cc.Config (the ABI, the dialect the
// options select) is rebuilt exactly as cc.NewConfig builds it, without
// running anything.

// hostEnv are the environment variables that change what the compiler
// driver reports: which compiler, and the include directories it adds.
var hostEnv = []string{"CC", "CPATH", "C_INCLUDE_PATH", "GCC_EXEC_PREFIX", "COMPILER_PATH"}

// hostEntry is one cached configuration: what cc.NewConfig learned from
// the compiler.
type hostEntry struct {
	Key                 string
	CC                  string
	Predefined          string
	IncludePaths        []string
	SysIncludePaths     []string
	HostIncludePaths    []string
	HostSysIncludePaths []string
	// DirStamps are the modification times of the include directories
	// when the entry was made: a directory changes when a package adds,
	// removes or replaces a header in it (stdc-predef.h, which every
	// compilation reads, among them), and then the entry is not used.
	DirStamps map[string]int64
}

// maxHostEntry bounds what is read back: a real entry is some 15 KB.
const maxHostEntry = 1 << 20

// maxHostEntries bounds the entries a cache directory holds.
const maxHostEntries = 256

// hostKey names the compiler configuration cc.NewConfig("linux", arch,
// opts...) would make now: the options, the environment it reads, and
// the identity of the compiler it would run. ok is false when no
// compiler is found (then NewConfig itself says why).
func hostKey(arch string, opts []string) (key string, ok bool) {
	var b strings.Builder
	b.WriteString("prbmc host config 1\x00")
	b.WriteString(ccModuleVersion())
	b.WriteString("\x00" + arch)
	for _, o := range opts {
		b.WriteString("\x00opt " + o)
	}
	for _, v := range hostEnv {
		b.WriteString("\x00" + v + "=" + os.Getenv(v))
	}
	// cc/v4 tries $CC, cc and gcc in this order, each looked up in PATH.
	for _, c := range []string{os.Getenv("CC"), "cc", "gcc"} {
		if c == "" {
			continue
		}
		p, err := exec.LookPath(c)
		if err != nil {
			continue
		}
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			return "", false
		}
		fi, err := os.Stat(real)
		if err != nil {
			return "", false
		}
		b.WriteString("\x00compiler " + p + " " + real + " " + fi.ModTime().UTC().String() + " " + strconv.FormatInt(fi.Size(), 10))
		sum := sha256.Sum256([]byte(b.String()))
		return hex.EncodeToString(sum[:]), true
	}
	return "", false
}

// ccModuleVersion is the version of modernc.org/cc/v4 built in: how it
// reads the compiler's output may change between versions.
func ccModuleVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "modernc.org/cc/v4" {
				return d.Version + " " + d.Sum
			}
		}
	}
	return "unknown"
}

// loadHost is the cached configuration for key in dir, rebuilt into a
// cc.Config, or nil when there is none or it is stale or unreadable.
func loadHost(dir, key, arch string, opts []string) *cc.Config {
	f, err := os.Open(filepath.Join(dir, key[:32]+".json"))
	if err != nil {
		return nil
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxHostEntry+1))
	if err != nil || len(b) > maxHostEntry {
		return nil
	}
	var e hostEntry
	if json.Unmarshal(b, &e) != nil || e.Key != key || e.CC == "" {
		return nil
	}
	stamps, err := dirStamps(slices.Concat(e.HostIncludePaths, e.HostSysIncludePaths))
	if err != nil || !maps.Equal(stamps, e.DirStamps) {
		return nil
	}
	cfg, err := rebuildHost(&e, arch, opts)
	if err != nil {
		return nil
	}
	return cfg
}

// rebuildHost is the cc.Config cc.NewConfig("linux", arch, opts...) made
// when it learned e: the same steps it takes after running the compiler.
func rebuildHost(e *hostEntry, arch string, opts []string) (*cc.Config, error) {
	abi, err := cc.NewABI("linux", arch)
	if err != nil {
		return nil, err
	}
	cfg := &cc.Config{
		ABI:                 abi,
		CC:                  e.CC,
		HostIncludePaths:    e.HostIncludePaths,
		HostSysIncludePaths: e.HostSysIncludePaths,
		IncludePaths:        e.IncludePaths,
		Predefined:          e.Predefined,
		SysIncludePaths:     e.SysIncludePaths,
	}
	if s := cc.LongDouble64Flag("linux", arch); s != "" && slices.Contains(opts, s) {
		if err := cfg.AdjustLongDouble(); err != nil {
			return nil, err
		}
	}
	if err := cfg.ApplyOptions(opts...); err != nil {
		return nil, err
	}
	return cfg, nil
}

// storeHost writes cfg's learned part under key in dir, atomically; a
// failure only means the next process runs the compiler again.
func storeHost(dir, key string, cfg *cc.Config) error {
	stamps, err := dirStamps(slices.Concat(cfg.HostIncludePaths, cfg.HostSysIncludePaths))
	if err != nil {
		return err
	}
	b, err := json.Marshal(hostEntry{Key: key, CC: cfg.CC, Predefined: cfg.Predefined,
		IncludePaths: cfg.IncludePaths, SysIncludePaths: cfg.SysIncludePaths,
		HostIncludePaths: cfg.HostIncludePaths, HostSysIncludePaths: cfg.HostSysIncludePaths,
		DirStamps: stamps})
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	// Every option set has an entry, and a pull request's compilation
	// database chooses options: past maxHostEntries the directory starts
	// again rather than grow without bound.
	if old, err := os.ReadDir(dir); err == nil && len(old) >= maxHostEntries {
		for _, o := range old {
			if strings.HasSuffix(o.Name(), ".json") || strings.HasSuffix(o.Name(), ".tmp") {
				os.Remove(filepath.Join(dir, o.Name()))
			}
		}
	}
	tmp, err := os.CreateTemp(dir, "host-*.tmp")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(b)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), filepath.Join(dir, key[:32]+".json")); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// dirStamps are the modification times of dirs; a directory that is gone
// is an error.
func dirStamps(dirs []string) (map[string]int64, error) {
	m := make(map[string]int64, len(dirs))
	for _, d := range dirs {
		if d == "" || d == "@" {
			continue
		}
		fi, err := os.Stat(d)
		if err != nil {
			return nil, err
		}
		m[d] = fi.ModTime().UnixNano()
	}
	return m, nil
}
