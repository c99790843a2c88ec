package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// The cache's last-use times live in a file of their own, usesFile, not in
// the entries' modification times: a cache that travels (actions/cache
// tars it, a CI cache may copy it) can come back with every file's time
// set to the day it was restored, and eviction by modification time would
// then keep everything for ever, or — with a clock that went back —
// remove what was just used. Modification times are the fallback for an
// entry the index does not name (one written before the index existed).
const usesFile = "last-used.json"

// usesFormat is the version of usesFile's format.
const usesFormat = 1

// maxUsesFile bounds usesFile when it is read: 64 bytes a key, a million
// keys.
const maxUsesFile = 64 << 20

// uses is usesFile's content: when each entry was last written or reused,
// in Unix seconds.
type uses struct {
	Format int              `json:"format"`
	Used   map[string]int64 `json:"used"`
}

// markUsed records that this run wrote or reused the entry of key.
func (c *Cache) markUsed(key string) {
	c.usedMu.Lock()
	defer c.usedMu.Unlock()
	if c.used == nil {
		c.used = map[string]bool{}
	}
	c.used[key] = true
}

// readUses reads usesFile as untrusted input: a missing file is an empty
// index; one that cannot be used is ignored with a warning (eviction then
// goes by modification times, as for entries it does not name).
func (c *Cache) readUses() map[string]int64 {
	path := filepath.Join(c.Dir, usesFile)
	fh, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	bad := func(why error) map[string]int64 {
		c.warn("ignoring %s (eviction goes by modification times): %v", usesFile, why)
		return nil
	}
	if err != nil {
		return bad(err)
	}
	defer fh.Close()
	if st, err := fh.Stat(); err != nil {
		return bad(err)
	} else if !st.Mode().IsRegular() {
		return bad(errors.New("not a regular file"))
	}
	b, err := io.ReadAll(io.LimitReader(fh, maxUsesFile+1))
	if err != nil {
		return bad(err)
	}
	if len(b) > maxUsesFile {
		return bad(fmt.Errorf("larger than %d MiB", maxUsesFile>>20))
	}
	var u uses
	if err := json.Unmarshal(b, &u); err != nil {
		return bad(fmt.Errorf("not JSON of the index: %s", clipText(err.Error())))
	}
	if u.Format != usesFormat {
		return bad(fmt.Errorf("format %d, not %d", u.Format, usesFormat))
	}
	for key := range u.Used {
		if !isKey(key) {
			return bad(fmt.Errorf("%q is not a cache key", clipText(key)))
		}
	}
	return u.Used
}

// evict removes the entries (and the temporary files of killed runs) that
// were last written or reused before now-c.MaxAge, and writes the index
// of the entries left; it returns how many it removed. An entry's last
// use is this run when this run wrote or reused it, else the index's
// time, else its modification time. Only files named as the cache names
// them go: a cache directory pointed at the wrong place loses nothing
// else. With MaxAge 0 nothing is removed but the index is kept up to
// date, so that a later run with an age has the times.
func (c *Cache) evict(now time.Time) int {
	des, err := os.ReadDir(c.Dir)
	if err != nil {
		return 0 // no directory yet, or unreadable: lookups said so
	}
	index := c.readUses()
	c.usedMu.Lock()
	used := c.used
	c.usedMu.Unlock()
	cutoff := now.Add(-c.MaxAge).Unix()
	left := map[string]int64{}
	n := 0
	for _, de := range des {
		name := de.Name()
		if !de.Type().IsRegular() || !isCacheFile(name) {
			continue
		}
		key, isEntry := strings.CutSuffix(name, ".json")
		var last int64
		switch t, indexed := index[key]; {
		case isEntry && used[key]:
			last = now.Unix()
		case isEntry && indexed:
			last = t
		default:
			info, err := de.Info()
			if err != nil {
				continue // gone meanwhile
			}
			last = info.ModTime().Unix()
		}
		if c.MaxAge <= 0 || last >= cutoff {
			if isEntry {
				left[key] = last
			}
			continue
		}
		if err := os.Remove(filepath.Join(c.Dir, name)); err != nil {
			c.warn("not evicting old entries: %v", err)
			return n
		}
		n++
	}
	if c.noStore.Load() {
		return n // a cache that cannot be written keeps its old index
	}
	b, err := json.Marshal(uses{Format: usesFormat, Used: left})
	if err == nil {
		err = c.writeFile(filepath.Join(c.Dir, usesFile), b)
	}
	if err != nil {
		c.warn("not writing %s: %v", usesFile, err)
	}
	return n
}

// isCacheFile reports whether name is an entry's (<64 hex digits>.json) or
// a temporary one's (.tmp-*).
func isCacheFile(name string) bool {
	if strings.HasPrefix(name, ".tmp-") {
		return true
	}
	key, ok := strings.CutSuffix(name, ".json")
	return ok && isKey(key)
}

// isKey reports whether key is a cache key: 64 lower-case hex digits.
func isKey(key string) bool {
	if len(key) != 2*sha256.Size || strings.ToLower(key) != key {
		return false
	}
	_, err := hex.DecodeString(key)
	return err == nil
}
