package sarif

import "github.com/prbmc/prbmc/report"

// Run is what one prbmc invocation verified: one entry function or several
// (the action checks each function a pull request changed).
type Run struct {
	Functions []report.FunctionResult
}

// Options control the log.
type Options struct {
	// ToolVersion is prbmc's version, for tool.driver.version.
	ToolVersion string
	// InformationURI is tool.driver.informationUri (default
	// DefaultInformationURI).
	InformationURI string
	// RepoRoot is the absolute path of the repository; paths under it are
	// written relative to it with uriBaseId %SRCROOT%.
	RepoRoot string
	// WorkDir is the directory relative paths in results are relative to
	// (where prbmc ran); "" means they are relative to RepoRoot already.
	WorkDir string
	// Category is run.automationDetails.id ("prbmc/", "prbmc/lib/"): GitHub
	// replaces the previous upload of the same category.
	Category string
	// MaxThreadFlowLocations caps the steps shown per trace (default 1000,
	// what GitHub displays); the first and last steps are kept.
	MaxThreadFlowLocations int
	// MaxResults caps the results per run (default 5000, what GitHub
	// displays); failures are kept before passes.
	MaxResults int
	// OnlyFailures leaves out the results of kind pass, notApplicable and
	// open, for consumers that treat every result as an alert.
	OnlyFailures bool
	// Levels are the levels of failures, contract and stub notes, and
	// undecided results (zero: error, note, none).
	Levels Levels
}

// Defaults.
const (
	DefaultInformationURI         = "https://github.com/prbmc/prbmc"
	DefaultMaxThreadFlowLocations = 1000
	DefaultMaxResults             = 5000
	// SrcRoot is the uriBaseId of repository-relative URIs.
	SrcRoot = "%SRCROOT%"
)

func (o Options) withDefaults() Options {
	if o.InformationURI == "" {
		o.InformationURI = DefaultInformationURI
	}
	if o.MaxThreadFlowLocations <= 0 {
		o.MaxThreadFlowLocations = DefaultMaxThreadFlowLocations
	}
	if o.MaxThreadFlowLocations < 2 {
		o.MaxThreadFlowLocations = 2
	}
	if o.MaxResults <= 0 {
		o.MaxResults = DefaultMaxResults
	}
	o.Levels = o.Levels.WithDefaults()
	return o
}
