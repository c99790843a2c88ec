package pipeline

import (
	"os"
	"path/filepath"
)

// HostCacheDir is where prbmc keeps the host C compiler's configuration
// between processes (cfront.Config.HostCacheDir): $PRBMC_HOST_CACHE, or
// prbmc/host in the user's cache directory ($XDG_CACHE_HOME, else
// ~/.cache). "" keeps nothing: PRBMC_HOST_CACHE=off, or no home.
func HostCacheDir() string {
	switch d := os.Getenv("PRBMC_HOST_CACHE"); d {
	case "off":
		return ""
	case "":
	default:
		return d
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(base, "prbmc", "host")
}
