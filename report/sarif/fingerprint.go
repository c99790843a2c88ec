package sarif

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/prbmc/prbmc/report"
	"github.com/prbmc/prbmc/verifier/result"
)

// FingerprintKey is prbmc's own partial fingerprint; GitHub reads only
// primaryLocationLineHash.
const FingerprintKey = "prbmcProperty/v1"

// propertyHash identifies a property by its function, kind and text (with
// whitespace runs collapsed), never by its line, so that edits elsewhere in
// the file do not change it.
func propertyHash(p result.Property) [32]byte {
	text := strings.Join(strings.Fields(p.Text), " ")
	return sha256.Sum256([]byte(p.Func + "\x00" + p.Kind + "\x00" + text))
}

// fingerprints are the partial fingerprints of p, the occurrence-th
// property of the run with the same file, function, kind and text
// (counting from 1).
func fingerprints(p result.Property, occurrence int) map[string]interface{} {
	h := propertyHash(p)
	s := hex.EncodeToString(h[:])
	return map[string]interface{}{
		FingerprintKey: fmt.Sprintf("%s:%d", s[:32], occurrence),
		// GitHub's format: a hex hash, a colon, an occurrence count.
		"primaryLocationLineHash": fmt.Sprintf("%s:%d", s[:16], occurrence),
	}
}

// occurrences numbers properties that share file, function, kind and text.
type occurrences map[string]int

func (o occurrences) next(p result.Property) int {
	h := propertyHash(p)
	k := p.Location.File + "\x00" + string(h[:])
	o[k]++
	return o[k]
}

// Fingerprints are the fingerprints (the values under FingerprintKey) the
// log of a run of fns gives their properties: [i][j] is that of
// fns[i].Result.Props[j]. The action marks its review comments with them,
// so a re-run recognises a violation it has commented on already.
func Fingerprints(fns []report.FunctionResult) [][]string {
	occ := occurrences{}
	out := make([][]string, len(fns))
	for i, fr := range fns {
		if fr.Result == nil {
			continue
		}
		for _, p := range fr.Result.Props {
			out[i] = append(out[i], fingerprints(p, occ.next(p))[FingerprintKey].(string))
		}
	}
	return out
}
