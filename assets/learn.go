package assets

import (
	"embed"
	"io/fs"
)

// The learn pages (learn/ID.LANG.md with their index learn/pages.json)
// and the built-in lesson plans (lessons/NAME.toml): internal/tui/learn
// reads them.
//
//go:embed learn lessons
var learnFiles embed.FS

// Learn is the folder of the learn pages and their index, pages.json.
func Learn() fs.FS { return sub(learnFiles, "learn") }

// Lessons is the folder of the built-in lesson plans.
func Lessons() fs.FS { return sub(learnFiles, "lessons") }

func sub(f fs.FS, dir string) fs.FS {
	s, err := fs.Sub(f, dir)
	if err != nil {
		panic("assets: " + dir + ": " + err.Error()) // embedded: cannot fail
	}
	return s
}
