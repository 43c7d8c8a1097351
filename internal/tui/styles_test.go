package tui

import (
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"matchgame/internal/tui/text"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"matchgame/assets"
)

// luminance is a colour's relative luminance (WCAG 2).
func luminance(hex string) float64 {
	c := func(i int) float64 {
		v, _ := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*c(0) + 0.7152*c(1) + 0.0722*c(2)
}

// contrast is the WCAG contrast ratio of two colours.
func contrast(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// Every colour text is written in reaches 4.5:1 against dark and light
// backgrounds in the default theme, and 7:1 in the high-contrast one: a
// class reads it from the back of the room. The backgrounds are black
// and a dark grey, white and a light grey.
func TestThemeContrast(t *testing.T) {
	dark, light := []string{"#000000", "#282828"}, []string{"#FFFFFF", "#F2F2F2"}
	for _, th := range Themes {
		want := 4.5
		if th.Name == "high-contrast" {
			want = 7
		}
		for name, c := range map[string]lipgloss.AdaptiveColor{"accent": th.Accent, "muted": th.Muted, "match": th.Match,
			"going": th.Going, "good": th.Good, "bad": th.Bad} {
			// As written, and as a 256-colour terminal (tmux, many
			// projectors' laptops) shows it after conversion.
			for _, fg := range []string{c.Dark, termenv.ANSI256.Color(c.Dark).(termenv.ANSI256Color).String()} {
				for _, bg := range dark {
					if r := contrast(fg, bg); r < want {
						t.Errorf("%s theme, %s %s on %s: %.2f:1, want %.1f:1", th.Name, name, fg, bg, r, want)
					}
				}
			}
			for _, fg := range []string{c.Light, termenv.ANSI256.Color(c.Light).(termenv.ANSI256Color).String()} {
				for _, bg := range light {
					if r := contrast(fg, bg); r < want {
						t.Errorf("%s theme, %s %s on %s: %.2f:1, want %.1f:1", th.Name, name, fg, bg, r, want)
					}
				}
			}
		}
	}
}

// The help and the footer are written in the theme's colours, not the
// bubbles defaults (grey 59 on black is about 3.3:1).
func TestHelpUsesTheTheme(t *testing.T) {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.TrueColor)
	r.SetHasDarkBackground(true)
	for _, th := range Themes {
		st := NewStyles(th, r)
		for _, s := range []lipgloss.Style{st.Help.ShortKey, st.Help.ShortDesc, st.Help.ShortSeparator, st.Help.FullKey, st.Help.FullSeparator} {
			if fg := s.GetForeground(); fg != lipgloss.Color(th.Accent.Dark) && fg != lipgloss.Color(th.Muted.Dark) {
				t.Errorf("%s theme: a help style is drawn in %v", th.Name, fg)
			}
		}
	}
}

// The colours converted once for a terminal draw as lipgloss draws the
// theme's own colours, in every profile and on either background.
func TestFixedColours(t *testing.T) {
	for _, profile := range []termenv.Profile{termenv.Ascii, termenv.ANSI, termenv.ANSI256, termenv.TrueColor} {
		for _, dark := range []bool{false, true} {
			r := lipgloss.NewRenderer(io.Discard)
			r.SetColorProfile(profile)
			r.SetHasDarkBackground(dark)
			for _, th := range Themes {
				for _, c := range []lipgloss.AdaptiveColor{th.Accent, th.Muted, th.Match, th.Going, th.Good, th.Bad} {
					want := r.NewStyle().Foreground(c).Render("x")
					if got := r.NewStyle().Foreground(fixed(r, c)).Render("x"); got != want {
						t.Errorf("%s, dark %t, %v: %q, want %q", profile.Name(), dark, c, got, want)
					}
				}
			}
		}
	}
}

// Style.Render draws exactly what lipgloss's Render draws, on every
// profile and background, for every message line of both catalogues, the
// board's glyphs, and text already styled. In CI every line is drawn in
// every style; here each line in one style of eight, a different one for
// each line, and the glyphs in all.
func TestStyleRenderIsLipgloss(t *testing.T) {
	t.Parallel()
	var lines []string
	for _, lang := range assets.Langs {
		c := assets.Messages(lang)
		for _, key := range c.Keys() {
			lines = append(lines, strings.Split(c.T(key), "\n")...)
		}
	}
	glyphs := []string{"", " ", "  heap 1 ", "┃ ┃ ┆", "· i i ╎", "第 1 堆", "👍", "a\tb", "two\nlines", "\x1b[1mbold\x1b[0m in it"}
	every := 8 // each line in one style of eight; every style in CI
	if thorough() {
		every = 1
	}
	drawn := 0
	for _, profile := range []termenv.Profile{termenv.Ascii, termenv.ANSI, termenv.ANSI256, termenv.TrueColor} {
		for _, dark := range []bool{false, true} {
			r := lipgloss.NewRenderer(io.Discard)
			r.SetColorProfile(profile)
			r.SetHasDarkBackground(dark)
			for _, th := range Themes {
				st := NewStyles(th, r)
				styles := []text.Style{st.Title, st.Subtle, st.Selected, st.Match, st.Going, st.Good, st.Bad, st.Bold, st.Key}
				nested := st.Going.Render("inner") + " outer " + st.Good.Render("more")
				for _, s := range styles {
					samples := append(slices.Clone(glyphs), nested)
					for i, line := range lines {
						if (i+drawn)%every == 0 {
							samples = append(samples, line)
						}
					}
					drawn++
					for _, text := range samples {
						if got, want := s.Render(text), s.Lipgloss().Render(text); got != want {
							t.Fatalf("%s, dark %t: %q drawn %q, lipgloss draws %q", profile.Name(), dark, text, got, want)
						}
					}
				}
			}
		}
	}
}
