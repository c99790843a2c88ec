package sariftest

import "testing"

// The validator must reject what GitHub would: a run without a tool, a
// result without a message, a level that does not exist.
func TestCheckRejects(t *testing.T) {
	for _, bad := range []string{
		`{"version":"2.1.0","runs":[{"results":[]}]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"ruleId":"a"}]}]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"m"},"level":"fatal"}]}]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x","rules":[{"id":"r","help":{"markdown":"no text"}}]}},"results":[]}]}`,
		`not json`,
	} {
		if err := Check([]byte(bad)); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
	if err := Check([]byte(`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"m"}}]}]}`)); err != nil {
		t.Errorf("rejected a minimal log: %v", err)
	}
}
