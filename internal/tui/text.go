package tui

import (
	"strings"

	"matchgame/assets"
	"matchgame/internal/tui/text"
)

// fit keeps the first n lines, with "…" when some are left out.
func fit(lines []string, n int) []string {
	if n <= 0 {
		return nil
	}
	if len(lines) > n {
		lines = append(lines[:n-1:n-1], "…")
	}
	return lines
}

// frame indents every line by the margin, cuts it to the screen and keeps
// h lines: no board, however large, writes past the edge.
func frame(lines []string, w, h int) string {
	if len(lines) > h {
		lines = lines[:h]
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		if l != "" {
			out[i] = text.Truncate(strings.Repeat(" ", margin)+l, w, "…")
		}
	}
	return strings.Join(out, "\n")
}

// sentences joins sentences as the language writes them: with a space
// in English, with none in Chinese.
func sentences(cat *assets.Catalog, parts ...string) string {
	sep := " "
	if cat.Lang == "zh" {
		sep = ""
	}
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, sep)
}

// plural picks a message's singular form (key.one) for a count of 1.
func plural(key string, n int) string {
	if n == 1 {
		return key + ".one"
	}
	return key
}
