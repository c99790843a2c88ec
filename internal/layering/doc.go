// Package layering holds no code: its test asks `go list` for the import
// graph of the whole module, tests included, and fails when a package
// reaches across a layer (see layering_test.go for the rules and the
// reason behind each exception).
package layering
