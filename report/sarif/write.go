package sarif

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	sarif "github.com/owenrumney/go-sarif/v2/sarif"

	"github.com/prbmc/prbmc/verifier/result"
)

// Write writes the SARIF log of runs to w, indented, ending in a newline.
// It writes to w only (go-sarif's WriteFile does not truncate).
func Write(w io.Writer, runs []Run, opts Options) error {
	rep, err := Build(runs, opts)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := rep.PrettyWrite(&buf); err != nil {
		return err
	}
	buf.WriteByte('\n')
	_, err = w.Write(buf.Bytes())
	return err
}

// Marshal is the log Write writes.
func Marshal(runs []Run, opts Options) ([]byte, error) {
	var buf bytes.Buffer
	err := Write(&buf, runs, opts)
	return buf.Bytes(), err
}

// Build makes the SARIF log: one SARIF run per Run.
func Build(runs []Run, opts Options) (*sarif.Report, error) {
	opts = opts.withDefaults()
	rep, err := sarif.New(sarif.Version210)
	if err != nil {
		return nil, err
	}
	for _, r := range runs {
		rep.AddRun(opts.run(r))
	}
	return rep, nil
}

func (o Options) run(r Run) *sarif.Run {
	run := sarif.NewRunWithInformationURI("prbmc", o.InformationURI)
	if o.ToolVersion != "" {
		run.Tool.Driver.WithVersion(o.ToolVersion)
	}
	addRules(run)
	if o.Category != "" {
		run.WithAutomationDetails(sarif.NewRunAutomationDetails().WithID(o.Category))
	}

	var results []*sarif.Result
	var notes []*sarif.Notification
	occ := occurrences{}
	for _, fr := range r.Functions {
		if fr.Result == nil {
			continue
		}
		if len(fr.Result.Props) == 0 && fr.Result.Verdict == result.Unknown {
			if res := o.unknownResult(fr); res != nil {
				results = append(results, res)
			} else {
				notes = append(notes, sarif.NewNotification().WithLevel("error").
					WithMessage(sarif.NewTextMessage(fmt.Sprintf("%s: %s", fr.Name, fr.Result.Reason))))
			}
			continue
		}
		for _, p := range fr.Result.Props {
			results = append(results, o.propertyResult(fr, p, occ.next(p)))
		}
	}
	if o.OnlyFailures {
		kept := results[:0]
		for _, res := range results {
			if *res.Kind == kindFail {
				kept = append(kept, res)
			}
		}
		results = kept
	}
	omitted := 0
	if len(results) > o.MaxResults {
		// Keep failures first, then open questions, then the rest, each in
		// its original order.
		rank := map[string]int{kindFail: 0, kindOpen: 1}
		sort.SliceStable(results, func(i, j int) bool {
			ri, ok := rank[*results[i].Kind]
			if !ok {
				ri = 2
			}
			rj, ok := rank[*results[j].Kind]
			if !ok {
				rj = 2
			}
			return ri < rj
		})
		omitted = len(results) - o.MaxResults
		results = results[:o.MaxResults]
		notes = append(notes, sarif.NewNotification().WithLevel("warning").
			WithMessage(sarif.NewTextMessage(fmt.Sprintf("%d results left out: GitHub shows at most %d per run.", omitted, o.MaxResults))))
	}
	for _, res := range results {
		run.AddResult(res)
	}
	inv := run.AddInvocation(true)
	if len(notes) > 0 {
		inv.ToolExecutionNotifications = notes
	}
	run.Properties = o.runProperties(r, omitted)
	return run
}

// functionProps are the run properties of one entry function.
type functionProps struct {
	Entry       string   `json:"entry"`
	Verdict     string   `json:"verdict"`
	Reason      string   `json:"reason,omitempty"`
	Engine      string   `json:"engine,omitempty"`
	K           int      `json:"k"`
	ElapsedMs   int64    `json:"elapsedMs"`
	SolverCalls int      `json:"solverCalls"`
	Assumed     []string `json:"assumed,omitempty"`
	Unsupported []string `json:"unsupported,omitempty"`
}

// runProperties carry the engine, bound, time, assumptions and unsupported
// constructs: per function under "functions", and summed or joined at the
// top for the usual single-function run.
func (o Options) runProperties(r Run, omitted int) sarif.Properties {
	var fns []functionProps
	var engines, assumed, unsupported []string
	seen := map[string]bool{}
	add := func(list *[]string, kind string, xs ...string) {
		for _, x := range xs {
			if x != "" && !seen[kind+x] {
				seen[kind+x] = true
				*list = append(*list, x)
			}
		}
	}
	k := 0
	var elapsed time.Duration
	for _, fr := range r.Functions {
		res := fr.Result
		if res == nil {
			continue
		}
		fp := functionProps{Entry: fr.Name, Verdict: string(res.Verdict), Reason: res.Reason, Engine: res.Engine,
			K: res.K, ElapsedMs: res.Elapsed.Milliseconds(), SolverCalls: res.Stats.SolverCalls,
			Assumed: fr.AllAssumed(), Unsupported: res.Unsupported}
		if fp.Entry == "" {
			fp.Entry = res.Entry
		}
		fns = append(fns, fp)
		add(&engines, "e", res.Engine)
		add(&assumed, "a", fp.Assumed...)
		add(&unsupported, "u", res.Unsupported...)
		k = max(k, res.K)
		elapsed += res.Elapsed
	}
	props := sarif.Properties{
		"engine":    joinOr(engines),
		"k":         k,
		"elapsedMs": elapsed.Milliseconds(),
		"functions": toJSONValue(fns),
	}
	if len(assumed) > 0 {
		props["assumed"] = assumed
	}
	if len(unsupported) > 0 {
		props["unsupported"] = unsupported
	}
	if omitted > 0 {
		props["resultsOmitted"] = omitted
	}
	return props
}

func joinOr(xs []string) string { return strings.Join(xs, ", ") }

// toJSONValue turns v into plain JSON values (maps, slices), as a property
// bag holds them.
func toJSONValue(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var out any
	json.Unmarshal(b, &out)
	if out == nil {
		return []any{}
	}
	return out
}
