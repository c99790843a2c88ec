package action

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/report/markdown"
	"github.com/prbmc/prbmc/report/results"
	"github.com/prbmc/prbmc/report/sarif"
	"github.com/prbmc/prbmc/verifier/result"
)

// publish writes the SARIF file, posts the review, the summary comment
// and the SARIF upload as the inputs ask, then the job summary,
// annotations and outputs; it returns the exit status fail-on gives.
func (r *run) publish(ctx context.Context, o *CheckOutcome) int {
	c := count(o)
	vs := r.violations(o)
	r.a.Group("prbmc: publishing")

	log, err := sarif.Marshal([]sarif.Run{{Functions: o.Functions}}, sarif.Options{
		ToolVersion: r.env.Version, RepoRoot: r.repoDir, WorkDir: r.repoDir, Category: r.in.Category, Levels: r.in.Levels})
	log = r.log.redact(log)
	sarifFile := ""
	if err != nil {
		r.notice("The SARIF log could not be built: %v.", err)
	} else {
		path := filepath.Join(r.repoDir, SarifFileName)
		if err := writeNoFollow(path, log); err != nil {
			r.notice("The SARIF log could not be written to %s: %v.", path, err)
		} else {
			sarifFile = SarifFileName
			r.a.Infof("prbmc: wrote the SARIF log to %s", path)
		}
	}

	var gh GitHub
	switch {
	case r.in.Shard != nil && r.in.Results == "":
		// Each shard's comment and upload would replace the others': the
		// shards' results files are merged, then published once.
		r.a.Infof("prbmc: shard %s: nothing is posted to GitHub; merge the shards' results files (prbmc merge) and publish them (prbmc publish)", r.in.Shard)
	case r.in.Token == "":
		r.notice("No github-token: nothing is posted to GitHub; the findings are in this job summary and in %s.", SarifFileName)
	default:
		var err error
		if gh, err = r.newGitHub(); err != nil {
			r.notice("%v: nothing is posted to GitHub.", err)
			gh = nil
		}
	}

	// Violations without an inline comment, for the summaries.
	offDiff := vs
	if gh != nil && r.tgt.PR > 0 && r.in.Comment == CommentReview {
		offDiff = r.postReview(ctx, gh, vs)
	}
	summary := string(r.log.redact([]byte(r.summaryBody(o, offDiff, markdown.MaxBody))))
	if gh != nil && r.tgt.PR > 0 && r.in.Comment != CommentNone {
		r.postSummary(ctx, gh, summary)
	}
	if gh != nil && r.in.SarifUpload && log != nil {
		r.uploadSarif(ctx, gh, log)
	}

	r.annotate(vs, o)
	r.jobSummary(o, offDiff)
	r.setOutputs(c, sarifFile)
	r.a.EndGroup()

	switch {
	case r.in.FailOn == FailOnNever:
		return ExitOK
	case c.unsafe > 0:
		r.a.Errorf("prbmc: %d %s can fail (fail-on: %s)", c.unsafe, report.Plural(c.unsafe, "function", "functions"), r.in.FailOn)
		return ExitFail
	case r.in.FailOn == FailOnContract && c.notes > 0:
		r.a.Errorf("prbmc: %d %s contract or stub notes (fail-on: contract)", c.notes, report.Plural(c.notes, "function has", "functions have"))
		return ExitFail
	case r.in.FailOn == FailOnUnknown && c.unknown > 0:
		r.a.Errorf("prbmc: %d %s unknown (fail-on: unknown)", c.unknown, report.Plural(c.unknown, "function", "functions"))
		return ExitFail
	}
	return ExitOK
}

// writeResults writes the results file in the workspace, as the SARIF
// file is written (whatever is at the path is replaced, never followed).
func (r *run) writeResults(f *results.File) {
	var b bytes.Buffer
	if err := results.Encode(&b, f); err != nil {
		r.notice("The results file could not be built: %v.", err)
		return
	}
	path := filepath.Join(r.repoDir, ResultsFileName)
	if err := writeNoFollow(path, r.log.redact(b.Bytes())); err != nil {
		r.notice("The results file could not be written to %s: %v.", path, err)
		return
	}
	r.resultsFile = ResultsFileName
	r.a.Infof("prbmc: wrote the results to %s", path)
}

// notice records a degradation: printed now, and listed in the job
// summary.
func (r *run) notice(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	r.notices = append(r.notices, msg)
	r.a.Noticef("prbmc: %s", msg)
}

// degrade explains a failed write: a 403 or 404 is a token without the
// permission (always so for a fork's pull request).
func (r *run) degrade(what, permission string, err error) {
	switch st := apiStatus(err); st {
	case http.StatusForbidden, http.StatusNotFound:
		why := fmt.Sprintf("the token may not %s (GitHub answered %d); the workflow needs `permissions: %s`", what, st, permission)
		if r.tgt.Fork {
			why += "; a pull request from a fork gets a read-only token"
		}
		r.notice("%s: the findings are in this job summary and in %s.", upperFirst(why), SarifFileName)
	default:
		r.notice("Could not %s: %v. The findings are in this job summary and in %s.", what, err, SarifFileName)
	}
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// maxInline caps the inline comments of one review; the rest go to the
// summary, so a change with many failures does not bury the diff.
const maxInline = 50

var fingerprintRE = regexp.MustCompile(`<!-- prbmc:violation ([0-9a-f]+:[0-9]+) -->`)

// postReview posts one review with an inline comment for each violation
// on a line of the pull request's diff that no earlier run commented on;
// it returns the violations left for the summary.
func (r *run) postReview(ctx context.Context, gh GitHub, vs []violation) (offDiff []violation) {
	if len(vs) == 0 {
		return nil
	}
	files, err := r.prFiles(ctx, gh)
	if err != nil {
		r.degrade("read the pull request's files", "pull-requests: read", err)
		return vs
	}
	posted, err := r.postedFingerprints(ctx, gh)
	if err != nil {
		r.degrade("read the pull request's review comments", "pull-requests: read", err)
		return vs
	}
	var sure, unsure []violation // in the diff for certain, or the patch is unknown
	for _, v := range vs {
		lines, inPR := files[v.path]
		switch {
		case posted[v.fp]:
			r.a.Infof("prbmc: %s:%d already has its comment", v.path, v.line)
		case v.path == "" || v.line <= 0 || !inPR:
			offDiff = append(offDiff, v)
		case len(sure)+len(unsure) == maxInline:
			offDiff = append(offDiff, v)
		case lines == nil:
			unsure = append(unsure, v)
		case lines[v.line]:
			sure = append(sure, v)
		default:
			offDiff = append(offDiff, v)
		}
	}
	// The summary lists them in the run's order, whatever became of them:
	// sorted at return, as the returns append to offDiff (a deferred
	// sort.SliceStable(offDiff, …) would sort the slice as it is here).
	defer func() { sort.SliceStable(offDiff, func(i, j int) bool { return offDiff[i].index < offDiff[j].index }) }()
	var last error
	for _, try := range [][]violation{append(append([]violation(nil), sure...), unsure...), sure} {
		if len(try) == 0 {
			break
		}
		err := r.createReview(ctx, gh, try)
		if err == nil {
			if len(try) == len(sure) && len(unsure) > 0 {
				offDiff = append(offDiff, unsure...)
				r.notice("GitHub refused %d inline %s in files it sent no patch for (422): they are in the summary instead.",
					len(unsure), report.Plural(len(unsure), "comment", "comments"))
			}
			return offDiff
		}
		if apiStatus(err) != http.StatusUnprocessableEntity {
			r.degrade("post a review", "pull-requests: write", err)
			return append(offDiff, append(sure, unsure...)...)
		}
		// A comment outside the diff fails the whole review: retry with
		// the comments known to be on the diff, the rest to the summary.
		r.a.Infof("prbmc: GitHub refused the review (422: %v)", err)
		last = err
		if len(unsure) == 0 {
			break
		}
	}
	if last != nil {
		r.notice("GitHub refused the inline comments (%v): they are in the summary instead.", last)
	}
	return append(offDiff, append(sure, unsure...)...)
}

func (r *run) createReview(ctx context.Context, gh GitHub, vs []violation) error {
	var comments []ReviewComment
	for _, v := range vs {
		comments = append(comments, ReviewComment{Path: v.path, Line: v.line, Body: string(r.log.redact([]byte(v.body)))})
	}
	body := fmt.Sprintf("prbmc found %d %s on lines this pull request changed; the summary comment has the whole run.",
		len(vs), report.Plural(len(vs), "check that can fail", "checks that can fail"))
	err := gh.CreateReview(ctx, r.tgt.PR, r.tgt.Head, body, comments)
	if err == nil {
		r.a.Infof("prbmc: posted a review with %d inline %s", len(vs), report.Plural(len(vs), "comment", "comments"))
	}
	return err
}

// prFiles maps each file of the pull request to the right-side lines its
// patch shows; nil when GitHub gives no patch (a large diff), when only
// GitHub can say whether a line is commentable.
func (r *run) prFiles(ctx context.Context, gh GitHub) (map[string]commentable, error) {
	list, err := gh.PRFiles(ctx, r.tgt.PR)
	if err != nil {
		return nil, err
	}
	files := map[string]commentable{}
	for _, f := range list {
		var lines commentable
		if f.Patch != nil {
			if lines, err = parsePatch(*f.Patch); err != nil {
				r.a.Warningf("prbmc: the patch of %s: %v", f.Path, err)
				lines = nil
			}
		}
		files[f.Path] = lines
	}
	return files, nil
}

// postedFingerprints are the violations earlier runs commented on.
func (r *run) postedFingerprints(ctx context.Context, gh GitHub) (map[string]bool, error) {
	bodies, err := gh.ReviewCommentBodies(ctx, r.tgt.PR)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, b := range bodies {
		for _, m := range fingerprintRE.FindAllStringSubmatch(b, -1) {
			seen[m[1]] = true
		}
	}
	return seen, nil
}

// postSummary edits the comment carrying SummaryMarker, or creates it.
func (r *run) postSummary(ctx context.Context, gh GitHub, body string) {
	marker := "<!-- " + SummaryMarker + " -->"
	found, err := gh.FindIssueComment(ctx, r.tgt.PR, func(b string) bool { return strings.HasPrefix(b, marker) })
	if err != nil {
		r.degrade("read the pull request's comments", "pull-requests: read", err)
		return
	}
	if found != 0 {
		err = gh.EditIssueComment(ctx, found, body)
	} else {
		err = gh.CreateIssueComment(ctx, r.tgt.PR, body)
	}
	if err != nil {
		r.degrade("comment on the pull request", "pull-requests: write", err)
		return
	}
	if found != 0 {
		r.a.Infof("prbmc: updated the summary comment %d", found)
	} else {
		r.a.Infof("prbmc: posted the summary comment")
	}
}

// uploadSarif sends the log to code scanning, gzipped and base64-encoded.
func (r *run) uploadSarif(ctx context.Context, gh GitHub, log []byte) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(log) // a bytes.Buffer does not fail
	zw.Close()
	if buf.Len() > 10<<20 {
		r.notice("The SARIF log is %d bytes gzipped, over code scanning's 10 MB: not uploaded; it is in %s.", buf.Len(), SarifFileName)
		return
	}
	id, err := gh.UploadSarif(ctx, r.tgt.Head, r.tgt.Ref, base64.StdEncoding.EncodeToString(buf.Bytes()))
	if err != nil {
		r.degrade("upload to code scanning", "security-events: write", err)
		return
	}
	if id == "" {
		r.a.Infof("prbmc: uploaded the SARIF log to code scanning")
		return
	}
	r.sarifID = id
	r.a.Infof("prbmc: uploaded the SARIF log to code scanning (%s)", r.sarifID)
	if r.in.WaitForProcessing {
		r.waitForProcessing(ctx, gh)
	}
}

// Waiting for code scanning to process an upload, as codeql-action's
// upload-sarif wait-for-processing does: at most maxProcessingWait of
// sleeps, the first firstProcessingPoll, doubling up to maxProcessingPoll.
const (
	maxProcessingWait   = 2 * time.Minute
	firstProcessingPoll = 2 * time.Second
	maxProcessingPoll   = 30 * time.Second
)

// sarifUpload is the processing state of a SARIF upload.
type sarifUpload struct {
	ProcessingStatus string   `json:"processing_status"`
	AnalysesURL      string   `json:"analyses_url"`
	Errors           []string `json:"errors"`
}

// waitForProcessing polls the upload's processing status until code
// scanning has processed it, failed to, or maxProcessingWait has been
// slept. A failure is one error annotation naming GitHub's errors, and a
// notice in the job summary; it does not fail the step (fail-on decides
// that, from the findings, which are in the job summary and the SARIF
// file whatever became of the upload).
func (r *run) waitForProcessing(ctx context.Context, gh GitHub) {
	waited, delay := time.Duration(0), firstProcessingPoll
	status := ""
	for {
		up, err := gh.SarifUpload(ctx, r.sarifID)
		switch {
		case err == nil:
			status = up.ProcessingStatus
		case apiStatus(err) == http.StatusNotFound:
			// Just after the upload GitHub may not know the id yet.
			status = "not found"
		default:
			r.notice("Could not read whether code scanning processed the SARIF upload %s: %v.", r.sarifID, err)
			return
		}
		switch status {
		case "complete":
			r.a.Infof("prbmc: code scanning processed the SARIF upload %s", r.sarifID)
			return
		case "failed":
			errs := "no reason given"
			if len(up.Errors) > 0 {
				errs = strings.Join(up.Errors, "; ")
			}
			msg := fmt.Sprintf("Code scanning could not process the SARIF upload %s: %s. Its alerts are not updated; the findings are in this job summary and in %s.", r.sarifID, report.OneLine(errs), SarifFileName)
			r.notices = append(r.notices, msg)
			r.a.Errorf("prbmc: %s", msg)
			return
		}
		if waited >= maxProcessingWait {
			r.notice("Code scanning had not processed the SARIF upload %s after %s (status %s): not waiting longer; its alerts appear once it has.", r.sarifID, maxProcessingWait, status)
			return
		}
		d := min(delay, maxProcessingWait-waited)
		if err := r.env.Sleep(ctx, d); err != nil {
			r.notice("Stopped waiting for code scanning to process the SARIF upload %s: %v.", r.sarifID, err)
			return
		}
		waited += d
		delay = min(2*delay, maxProcessingPoll)
	}
}

// minTrimmedFinding is the least room worth a finding with a cut trace.
const minTrimmedFinding = 2000

// summaryBody is the summary comment: the summary of the run, then the
// findings that have no inline comment, in full while they fit.
func (r *run) summaryBody(o *CheckOutcome, offDiff []violation, limit int) string {
	opts := markdown.SummaryOptions{Marker: SummaryMarker, NotChecked: notChecked(o, r.in.TimeBudget), MaxLen: limit / 2,
		Reproduce: func(f report.FunctionResult) string { return r.rerunCommand(r.relPath(f.File)) }}
	s := markdown.Summary(o.Functions, opts)
	if len(offDiff) == 0 {
		return s
	}
	var b strings.Builder
	b.WriteString(s)
	title := "Findings not on a line this pull request changed"
	if r.tgt.PR == 0 || r.in.Comment != CommentReview {
		title = "Findings"
	}
	fmt.Fprintf(&b, "\n**%s**\n\n", title)
	for i, v := range offDiff {
		where := v.path
		if v.line > 0 {
			where += ":" + strconv.Itoa(v.line)
		}
		wrap := func(body string) string {
			return fmt.Sprintf("<details><summary>%s in %s at %s</summary>\n\n%s\n</details>\n\n",
				markdown.Text(headline(v)), markdown.CodeHTML(v.fn.Name), markdown.CodeHTML(where), body)
		}
		block := wrap(v.body)
		more := fmt.Sprintf("… and %d more; see the SARIF log.\n", len(offDiff)-i)
		if room := limit - b.Len() - len(more) - len(wrap("")); b.Len()+len(block)+len(more) > limit && room >= minTrimmedFinding {
			// A long trace is cut to fit (its first steps and the failing
			// one, with a pointer to the SARIF alert) rather than
			// leaving the finding out.
			o := v.opts
			o.MaxLen = room
			block = wrap(markdown.ViolationComment(v.prop, o))
		}
		if b.Len()+len(block)+len(more) > limit {
			b.WriteString(more)
			break
		}
		b.WriteString(block)
	}
	return b.String()
}

func headline(v violation) string {
	switch v.prop.Kind {
	case "assertion", "":
		return "❌ assertion can fail"
	case "reach-error":
		return "❌ error location reachable"
	}
	return "❌ " + v.prop.Kind + " check can fail"
}

// annotate prints an annotation for each violation, contract or stub
// note and undecided function whose level (the level input) is error or
// warning (by default: an error for each violation), and a warning for
// each function the budget left unchecked, up to what GitHub shows.
func (r *run) annotate(vs []violation, o *CheckOutcome) {
	lv := r.in.Levels.WithDefaults()
	if annotates(lv.Failure) {
		for i, v := range vs {
			if i == maxAnnotations {
				r.a.Noticef("prbmc: %d more failing checks; see the job summary", len(vs)-i)
				break
			}
			fields := annotationFields("prbmc: "+strings.TrimPrefix(headline(v), "❌ "), v.path, v.line, v.prop.Location.Col)
			r.annotation(lv.Failure, fields, "%s: %s can fail", v.fn.Name, report.OneLine(v.prop.Text))
		}
	}
	if annotates(lv.Contract) {
		n := 0
		for _, f := range o.Functions {
			if f.Result == nil {
				continue
			}
			for _, p := range f.Result.Props {
				if !p.IsNote() {
					continue
				}
				if n == maxAnnotations {
					r.a.Noticef("prbmc: more contract and stub notes; see the job summary")
					break
				}
				n++
				fields := annotationFields(fmt.Sprintf("prbmc: %s note", p.Finding), r.relPath(p.Location.File), p.Location.Line, p.Location.Col)
				r.annotation(lv.Contract, fields, "%s: %s can fail only as the %s note says: %s", f.Name, report.OneLine(p.Text), p.Finding, report.OneLine(p.Note))
			}
		}
	}
	if annotates(lv.Unknown) {
		n := 0
		for _, f := range o.Functions {
			if f.Result == nil || f.Result.Verdict != result.Unknown {
				continue
			}
			if n == maxAnnotations {
				r.a.Noticef("prbmc: more functions not decided; see the job summary")
				break
			}
			n++
			fields := annotationFields("prbmc: not decided", r.relPath(f.File), f.Line, 0)
			r.annotation(lv.Unknown, fields, "%s: not decided: %s", f.Name, report.OneLine(f.Result.Reason))
		}
	}
	n := 0
	for _, s := range o.NotChecked {
		if s.Reason != SkipBudget && s.Reason != SkipHidden && s.Reason != SkipShard {
			continue
		}
		if n == maxAnnotations {
			r.a.Noticef("prbmc: more functions not checked; see the job summary")
			break
		}
		n++
		fields := map[string]string{"title": "prbmc: not checked"}
		if s.File != "" {
			fields["file"] = s.File
			if s.Line > 0 {
				fields["line"] = strconv.Itoa(s.Line)
			}
		}
		switch s.Reason {
		case SkipHidden:
			r.a.WithFieldsMap(fields).Warningf("%s: not checked: %s", s.File, s.Detail)
		case SkipShard:
			r.a.WithFieldsMap(fields).Warningf("%s: not checked: %s", s.Name, s.Detail)
		default:
			r.a.WithFieldsMap(fields).Warningf("%s: not checked: the time budget ran out", s.Name)
		}
	}
}

// annotates says whether findings of a level are annotated: error and
// warning are; note and none are left to the summary and code scanning.
func annotates(level string) bool { return level == sarif.LevelError || level == sarif.LevelWarning }

// annotation prints an error or warning annotation as level says.
func (r *run) annotation(level string, fields map[string]string, format string, args ...any) {
	if level == sarif.LevelWarning {
		r.a.WithFieldsMap(fields).Warningf(format, args...)
		return
	}
	r.a.WithFieldsMap(fields).Errorf(format, args...)
}

// annotationFields place an annotation at path:line:col (path "": not
// in the repository, no place).
func annotationFields(title, path string, line, col int) map[string]string {
	fields := map[string]string{"title": title}
	if path != "" {
		fields["file"] = path
		if line > 0 {
			fields["line"] = strconv.Itoa(line)
		}
		if col > 0 {
			fields["col"] = strconv.Itoa(col)
		}
	}
	return fields
}

// jobSummary appends the run to $GITHUB_STEP_SUMMARY: the summary, the
// findings without an inline comment, and what could not be published.
func (r *run) jobSummary(o *CheckOutcome, offDiff []violation) {
	if r.a.Getenv("GITHUB_STEP_SUMMARY") == "" {
		return
	}
	var b strings.Builder
	b.WriteString(r.summaryBody(o, offDiff, markdown.MaxBody))
	if len(r.notices) > 0 {
		b.WriteString("\n**Notices**\n\n")
		for _, n := range r.notices {
			b.WriteString("- " + n + "\n")
		}
	}
	r.safely("write the job summary", func() { r.a.AddStepSummary(string(r.log.redact([]byte(b.String())))) })
}

// safely runs a go-githubactions file command, which panics when it
// cannot write its file: a warning then, not a failed job.
func (r *run) safely(what string, f func()) {
	defer func() {
		if p := recover(); p != nil {
			r.a.Warningf("prbmc: could not %s: %v", what, p)
		}
	}()
	f()
}

// setOutputs writes the outputs when the runner gave an output file.
func (r *run) setOutputs(c counts, sarifFile string) {
	if r.a.Getenv("GITHUB_OUTPUT") == "" {
		return
	}
	r.safely("set the outputs", func() {
		r.a.SetOutput("sarif-file", sarifFile)
		r.a.SetOutput("results-file", r.resultsFile)
		r.a.SetOutput("unsafe", strconv.Itoa(c.unsafe))
		r.a.SetOutput("safe", strconv.Itoa(c.safe))
		r.a.SetOutput("bounded", strconv.Itoa(c.bounded))
		r.a.SetOutput("unknown", strconv.Itoa(c.unknown))
		r.a.SetOutput("notes", strconv.Itoa(c.notes))
		r.a.SetOutput("sarif-id", r.sarifID)
	})
}
