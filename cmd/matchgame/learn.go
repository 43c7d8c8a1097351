package main

import (
	"io"
	"strings"

	"matchgame/internal/engine"
	"matchgame/internal/tui"
	"matchgame/internal/tui/learn"
)

// matchgame learn [TOPIC] and matchgame lesson PLAN: the pages and the
// lesson plans of package learn. The command reads its flags and writes
// what the package renders; nothing here lays a page out.

// runLearn lists the pages, opens one on a terminal, or prints it as
// Markdown (piped, or --markdown) or HTML (--html), to -o FILE if asked.
func runLearn(args []string, stdin io.Reader, stdout io.Writer) error {
	cmd, rest, err := parsePlain("learn", args)
	if err != nil {
		return err
	}
	flags, lang := cmd.flags, cmd.cat.Lang
	printed := flags["html"] == "true" || flags["markdown"] == "true" || flags["output"] != ""
	if err := learnArgs(flags, rest, printed); err != nil {
		return err
	}
	switch {
	case len(rest) == 0 && flags["json"] == "true":
		return learn.WriteJSON(stdout, lang)
	case len(rest) == 0 && tui.Drawable(stdin, stdout) != nil:
		return learn.WriteList(stdout, lang)
	}
	topic, err := learn.Topic(rest)
	if err != nil {
		return err
	}
	if !printed && tui.Drawable(stdin, stdout) == nil {
		return tui.Run(tui.Options{Learn: topic, Lang: lang, Theme: flags["theme"], First: "me", Pause: thinkingPause})
	}
	out, err := document(flags)
	if err != nil {
		return err
	}
	return learn.Printout{Topic: topic, Lang: lang, HTML: flags["html"] == "true", Markdown: flags["markdown"] == "true", Output: out}.Write(stdout)
}

// learnArgs refuses what does not go together: two topics, two formats,
// a format without a topic, --json with one.
func learnArgs(flags map[string]string, rest []string, printed bool) error {
	switch {
	case len(rest) > 1:
		return engine.Refuse("err.args.extra", "learn "+rest[0], rest[1])
	case flags["markdown"] == "true" && flags["html"] == "true":
		return engine.Refuse("err.learn.format")
	case len(rest) == 0 && printed:
		return engine.Refuse("err.learn.topic.need", strings.Join(learn.IDs(), ", "))
	case len(rest) == 1 && flags["json"] == "true":
		return engine.Refuse("err.learn.json")
	}
	return nil
}

// runLesson runs a lesson plan on this terminal, one step a key; with
// --check, or without a terminal, it checks the plan and prints its
// outline; with no plan it lists the built-in ones. A bad plan is refused
// with its line before anything starts.
func runLesson(args []string, stdin io.Reader, stdout io.Writer) error {
	cmd, rest, err := parsePlain("lesson", args)
	switch {
	case err != nil:
		return err
	case len(rest) == 0:
		return learn.WritePlans(stdout, cmd.cat.Lang)
	case len(rest) > 1:
		return engine.Refuse("err.args.extra", "lesson "+rest[0], rest[1])
	}
	plan, err := learn.LoadPlan(rest[0])
	if err != nil {
		return err
	}
	lang := cmd.cat.Lang
	if cmd.flags["check"] == "true" || tui.Drawable(stdin, stdout) != nil {
		_, err := io.WriteString(stdout, tui.LessonOutline(plan, lang))
		return err
	}
	return tui.Run(tui.Options{Lesson: &plan, Lang: lang, Theme: cmd.flags["theme"], First: "me", Pause: thinkingPause})
}

// lessonFlag is serve's --lesson: the plan, read and checked before the
// class opens.
func lessonFlag(flags map[string]string) (*learn.Plan, error) {
	name, ok := flags["lesson"]
	if !ok {
		return nil, nil
	}
	if flags["class"] != "true" {
		return nil, engine.Refuse("err.lesson.class")
	}
	plan, err := learn.LoadPlan(name)
	if err != nil {
		return nil, err
	}
	return &plan, nil
}
