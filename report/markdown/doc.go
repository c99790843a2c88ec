// Package markdown renders verification results as GitHub-flavoured
// Markdown for pull requests: Summary is the sticky summary comment (a
// table of the functions checked and their verdicts), ViolationComment the
// review comment placed on a failing check (what fails, the inputs, the
// trace, how to reproduce it).
//
// All text that comes from user code (names, assertion text, values, file
// names) is escaped so that it cannot turn into markup: code spans get a
// fence longer than any backtick run in them, HTML and Markdown
// punctuation become character references, @mentions and #references get
// a zero-width joiner so GitHub does not ping or link, and table cells
// cannot end early or break their row. Every body stays under GitHub's
// 65,536-character limit: long traces and tables are cut with a note.
package markdown
