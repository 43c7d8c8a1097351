package learn

import (
	"testing"

	"matchgame/assets"
)

// A page's {{steps}} of an Every-SG sum with a game that loops: a token
// its winner can keep going round for ever has ∞ steps.
func TestStepsForever(t *testing.T) {
	t.Parallel()
	span := fill("steps graph --edges 1>2,2>1,2>3 2 + nim 1 1 --every", assets.Messages("en"))
	if span.Kind != Value || span.Text != "∞, 2" {
		t.Errorf("%q (%v)", span.Text, span.Kind)
	}
}
