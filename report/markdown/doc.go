// Package markdown renders verification results as GitHub-flavoured
// Markdown for pull requests: Summary is the sticky summary comment (a
// table of the functions checked and their verdicts), ViolationComment the
// review comment placed on a failing check (what fails, the inputs, the
// trace, how to reproduce it).
//
// All text that comes from the repository (file and #line names,
// identifiers, assertion text, values, reasons) is untrusted and escaped
// so that it cannot turn into markup, in Markdown and inside raw HTML
// alike:
//
//   - Inline code for callers (Code) is a backtick code span only when the
//     text holds no <, no & and no mention; otherwise, and always in table
//     cells (CodeCell) and inside raw HTML lines such as <summary>
//     (CodeHTML), an HTML code element whose text is escaped like Text. A
//     backtick span that lands in raw HTML, where GitHub reads it as HTML
//     and not as code, is then harmless. On its own Markdown lines (list
//     items, paragraphs; never in a raw HTML block) this package keeps C
//     text such as r->n <= 4 in a backtick span, where it is literal.
//   - Text turns HTML and Markdown punctuation into character references
//     (& < > " | ` * [ ] \ ~ ! $ and leading # - + = 1.), which read the
//     same in Markdown and in HTML.
//   - Mentions and references are broken with a zero-width joiner (U+200D,
//     as the character itself) after every @ followed by a name character
//     and every # followed by one, in Text and in HTML code elements; a
//     text with a mention or a #12 reference is never put in a backtick
//     span, so no @name in a body can ping.
//   - Names stay on one line: line breaks and other control characters
//     (C0, DEL, C1, U+2028, U+2029) become spaces, and table cells cannot
//     end early or break their row.
//   - Bodies are valid UTF-8: a byte that is not part of valid UTF-8 reads
//     \xNN (lower-case hex, as in C), also in fenced code blocks; the
//     reproducer command writes such bytes of a file name with printf so
//     that it still names the file.
//
// Every body stays under GitHub's 65,536-character limit: long traces and
// tables are cut with a note.
package markdown
