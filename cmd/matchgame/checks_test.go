package main

import (
	"strings"
	"testing"
)

// field is one value a test checks: what it is, the value got and the
// one wanted, of the same comparable type.
type field struct {
	what      string
	got, want any
}

// checkFields reports each field whose value is not the one wanted.
func checkFields(t *testing.T, context string, fields ...field) {
	t.Helper()
	for _, f := range fields {
		if f.got != f.want {
			t.Errorf("%s: %s is %v (%T), want %v (%T)", context, f.what, f.got, f.got, f.want, f.want)
		}
	}
}

// deref is *p, or nil when p is: a JSON value that may be missing.
func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// refusal is a command line refused with one line that mentions
// something.
type refusal struct {
	args    []string
	mention string
}

// checkRefusals runs each command line and wants exit status 2 and one
// line on standard error with its mention.
func checkRefusals(t *testing.T, cases []refusal) {
	t.Helper()
	for _, c := range cases {
		code, _, errOut := runCLI(t, "", c.args...)
		if code != 2 || !strings.Contains(errOut, c.mention) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want one line with %q", c.args, code, errOut, c.mention)
		}
	}
}
