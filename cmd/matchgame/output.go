package main

import "matchgame/internal/tui/desk"

// document is where a command's document goes: -o FILE, checked before
// any work and kept unless --force, else standard output.
func document(f map[string]string) (desk.Output, error) {
	file, given := f["output"]
	return desk.OutputTo(file, given, f["force"] == "true")
}
