package sarif

import (
	"net/url"
	"path/filepath"
	"strings"

	sarif "github.com/owenrumney/go-sarif/v2/sarif"

	"github.com/prbmc/prbmc/report"
)

// artifactLocation is where file is, relative to the repository root when
// it is inside it (uriBaseId %SRCROOT%), else an absolute file: URI; nil
// for prbmc's built-in models and empty names.
//
// The name is cleaned first (absolute ones too), so one file has one URI
// however a trace spells it ("/a/./b.c", "//a/b.c"). Its bytes are
// percent-encoded as RFC 3986 has it, upper-case hex, bytes that are not
// UTF-8 included ("src/\xff.c" is src/%FF.c), so the URI is ASCII and
// decodes back to the exact name; a first segment with a colon gets "./"
// so that it does not read as a scheme. Text elsewhere in the log that is
// not UTF-8 becomes U+FFFD when encoding/json writes it.
func (o Options) artifactLocation(file string) *sarif.ArtifactLocation {
	if !report.IsSourceFile(file) {
		return nil
	}
	p := filepath.Clean(filepath.FromSlash(file))
	if !filepath.IsAbs(p) && o.WorkDir != "" {
		p = filepath.Join(o.WorkDir, p)
	}
	if filepath.IsAbs(p) && o.RepoRoot != "" {
		if rel, err := filepath.Rel(o.RepoRoot, p); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			p = rel
		}
	}
	if filepath.IsAbs(p) {
		u := url.URL{Scheme: "file", Path: filepath.ToSlash(p)}
		return sarif.NewSimpleArtifactLocation(u.String())
	}
	rel := filepath.ToSlash(filepath.Clean(p))
	u := url.URL{Path: rel}
	return sarif.NewSimpleArtifactLocation(u.String()).WithUriBaseId(SrcRoot)
}

// physicalLocation is file:line:col as SARIF has it, nil when the file is
// not one of the program's.
func (o Options) physicalLocation(file string, line, col int) *sarif.PhysicalLocation {
	al := o.artifactLocation(file)
	if al == nil {
		return nil
	}
	pl := sarif.NewPhysicalLocation().WithArtifactLocation(al)
	if line > 0 {
		r := sarif.NewRegion().WithStartLine(line)
		if col > 0 {
			r.WithStartColumn(col)
		}
		pl.WithRegion(r)
	}
	return pl
}
