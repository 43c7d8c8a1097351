package serve

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"matchgame/assets"
)

// say is what the server itself says to a client, in the client's
// language, from the message catalogue (serve.*, report.*).
func say(lang, key string, args ...any) string { return assets.Messages(lang).T(key, args...) }

// langOf picks the language a client's environment asks for (assets.LangOf):
// "" when the client sent none of LC_ALL, LC_MESSAGES and LANG.
func langOf(environ []string) string {
	return assets.LangOf(func(name string) string { return getenv(environ, name) })
}

func getenv(environ []string, name string) string {
	for _, kv := range environ {
		if v, ok := strings.CutPrefix(kv, name+"="); ok {
			return v
		}
	}
	return ""
}

// nameMax is the longest user name shown, in runes.
const nameMax = 32

// cleanName makes an SSH user name safe to show on anyone's screen: it
// comes from the network, and an escape sequence in it would drive the
// terminal of whoever sees it. Control characters and invalid UTF-8 become
// '?', and it is cut to nameMax runes.
func cleanName(s string) string {
	var b strings.Builder
	n := 0
	for _, r := range s {
		if n == nameMax {
			break
		}
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			r = '?'
		}
		b.WriteRune(r)
		n++
	}
	if b.Len() == 0 {
		return "guest"
	}
	return b.String()
}
