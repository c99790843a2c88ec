// Package action is prbmc as a GitHub Action (`prbmc action`): it reads
// the action's inputs and the triggering event, works out which revisions
// to compare, runs the checker on the functions that changed, and
// publishes what it found — one review with inline comments on the diff,
// one sticky summary comment, the SARIF log (uploaded to code scanning and
// written to a file), the job summary, annotations and the step's outputs.
//
// The GitHub libraries (go-github, go-githubactions) appear only in this
// package: the checker is reached through the Checker interface, so the
// pipeline (diff scope → harness → engines) knows nothing of GitHub, and
// the tests drive Run against an in-process fake of the REST API.
//
// Publishing never fails the job on its own: a read-only token (fork pull
// requests), a missing permission or an API that keeps failing degrades
// to the job summary and the SARIF file with a notice saying why. Only
// the verdicts, through the fail-on input, decide the exit status.
package action
