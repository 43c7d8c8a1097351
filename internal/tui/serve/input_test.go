package serve

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestPasteGuard(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", pasteMax+100)
	for _, tc := range []struct {
		name   string
		chunks []string
		want   string
	}{
		{"keys pass", []string{"abc\x1b[A\x1b"}, "abc\x1b[A\x1b"},
		{"a short paste passes", []string{pasteStart + "3 4 5" + pasteEnd + "q"}, pasteStart + "3 4 5" + pasteEnd + "q"},
		{"markers split across reads", []string{"\x1b[20", "0~12\x1b[2", "01~q"}, pasteStart + "12" + pasteEnd + "q"},
		{"a long paste is cut", []string{pasteStart + long + pasteEnd + "q"}, pasteStart + long[:pasteMax] + pasteEnd + "q"},
		{"an endless paste is cut", []string{pasteStart, long, long}, pasteStart + long[:pasteMax] + pasteEnd},
	} {
		var g pasteGuard
		var got []byte
		for _, c := range tc.chunks {
			got = g.filter(got, []byte(c))
		}
		if string(got) != tc.want {
			t.Errorf("%s: got %q…, want %q…", tc.name, trim(got), trim([]byte(tc.want)))
		}
	}
}

func trim(b []byte) []byte {
	if len(b) > 40 {
		return append(b[:20:20], b[len(b)-20:]...)
	}
	return b
}

func TestInputReads(t *testing.T) {
	t.Parallel()
	typed := strings.Repeat("k", 1000)
	in := newInput(context.Background(), strings.NewReader(
		"\x1b]11;rgb:ffff/ffff/ffff\x07\x1b[?62;22c"+typed), true)
	var dark []bool
	in.background = func(d bool) { dark = append(dark, d) }
	buf := make([]byte, 256)
	var got bytes.Buffer
	for {
		n, err := in.Read(buf)
		if n >= len(buf) {
			t.Fatalf("a read of %d bytes: Bubble Tea would wait for more", n)
		}
		got.Write(buf[:n])
		if err == io.EOF {
			break
		}
	}
	if got.String() != typed {
		t.Errorf("the program got %q, want the typed keys without the terminal's answers", trim(got.Bytes()))
	}
	if len(dark) != 1 || dark[0] {
		t.Errorf("background answers: %v, want one light", dark)
	}
}

func TestIsDark(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		r, g, b string
		dark    bool
	}{
		{"0000", "0000", "0000", true},
		{"ffff", "ffff", "ffff", false},
		{"1e1e", "1e1e", "2e2e", true},
		{"fd", "f6", "e3", false}, // solarized light, two digits
		{"f", "f", "f", false},
	} {
		if got := isDark([]byte(tc.r), []byte(tc.g), []byte(tc.b)); got != tc.dark {
			t.Errorf("rgb:%s/%s/%s dark = %v", tc.r, tc.g, tc.b, got)
		}
	}
}

func TestCleanNameAndLang(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"alice":                  "alice",
		"":                       "guest",
		"\x1b]0;owned\x07bob":    "?]0;owned?bob",
		"李雷":                     "李雷",
		"bad\xffutf8":            "bad?utf8",
		strings.Repeat("n", 100): strings.Repeat("n", nameMax),
	} {
		if got := cleanName(in); got != want {
			t.Errorf("cleanName(%q) = %q, want %q", in, got, want)
		}
	}
	for _, tc := range []struct {
		env  []string
		want string
	}{
		{nil, ""},
		{[]string{"TERM=xterm", "LANG=zh_CN.UTF-8"}, "zh"},
		{[]string{"LANG=zh_CN.UTF-8", "LC_ALL=en_GB.UTF-8"}, "en"},
		{[]string{"LC_MESSAGES=zh_TW", "LANG=C.UTF-8"}, "zh"},
		{[]string{"LANG=C"}, "en"},
	} {
		if got := langOf(tc.env); got != tc.want {
			t.Errorf("langOf(%q) = %q, want %q", tc.env, got, tc.want)
		}
	}
}

// cutSequence matches a read that ends inside an escape sequence: an Esc,
// a CSI without its final byte, an X10 mouse report without its three
// bytes, an SS3 without its key.
var cutSequence = regexp.MustCompile(`\x1b(\[[0-?]*[ -/]*|\[M[^\x1b]{0,2}|O)?$`)

// scripted is a client whose writes arrive as the given reads.
type scripted struct{ reads []string }

func (s *scripted) Read(p []byte) (int, error) {
	if len(s.reads) == 0 {
		return 0, io.EOF
	}
	n := copy(p, s.reads[0])
	if s.reads[0] = s.reads[0][n:]; s.reads[0] == "" {
		s.reads = s.reads[1:]
	}
	return n, nil
}

// readsOf is what Bubble Tea reads, read by read.
func readsOf(t *testing.T, in *input) []string {
	t.Helper()
	buf := make([]byte, 256)
	var out []string
	for {
		n, err := in.Read(buf)
		if n > 0 {
			out = append(out, string(buf[:n]))
		}
		if err != nil {
			return out
		}
	}
}

// Issue 19, item 7: a burst that splits an escape sequence, within the
// 255 bytes handed at a time or across the client's reads, never hands
// Bubble Tea half a sequence (read as the Esc key, it ended the session).
func TestInputKeepsSequencesWhole(t *testing.T) {
	t.Parallel()
	burst := "aa" + strings.Repeat("\x1b[B", 85) // 257 bytes: the 255th is an Esc
	mouse := strings.Repeat("\x1b[<35;10;5M", 40) + strings.Repeat("\x1b[M#!!", 30)
	for name, reads := range map[string][]string{
		"one write":              {burst},
		"split across reads":     {"aa\x1b[", "B\x1b", "[B", "\x1bO", "A"},
		"a mouse in motion":      {mouse[:97], mouse[97:300], mouse[300:]},
		"a lone Esc, then a key": {"\x1b", "q"},
	} {
		in := newInput(context.Background(), &scripted{reads: slices.Clone(reads)}, false)
		got := readsOf(t, in)
		if strings.Join(got, "") != strings.Join(reads, "") {
			t.Errorf("%s: the program got %q, the client sent %q", name, got, reads)
		}
		for _, r := range got {
			if cutSequence.MatchString(r) && name != "a lone Esc, then a key" {
				t.Errorf("%s: a read ends inside an escape sequence: %q", name, r)
			}
		}
	}
}
