package desk

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// Output is where a printed document (a worksheet, a picture, a learn
// page) goes: standard output, or the file -o names, written whole.
type Output struct {
	File  string // "" for standard output
	Force bool   // File may replace a file
}

// OutputTo is where a document goes: to file when -o was given (checked
// now, before any work; kept unless force), else to standard output.
func OutputTo(file string, given, force bool) (Output, error) {
	if !given {
		return Output{}, nil
	}
	return Output{File: file, Force: force}, CheckOutput(file, force)
}

// Print writes what print writes: straight to standard output, or whole
// to the file and then the line saying so.
func (o Output) Print(stdout io.Writer, cat *assets.Catalog, print func(io.Writer) error) error {
	if o.File == "" {
		return print(stdout)
	}
	var b bytes.Buffer
	if err := print(&b); err != nil {
		return err
	}
	return o.Put(stdout, b.Bytes(), "err.doc.write", cat.T("doc.written", o.File))
}

// CheckOutput is Check for a document's -o, before any work: its
// refusals name -o, as the worksheet's do.
func CheckOutput(path string, force bool) error {
	var r *engine.Refusal
	err := Check(path, force)
	if errors.As(err, &r) && strings.HasPrefix(r.Key, "err.handout.") {
		key := "err.worksheet." + strings.TrimPrefix(r.Key, "err.handout.")
		if assets.Messages("en").Has(key) {
			return engine.Refuse(key, r.Args...)
		}
	}
	return err
}

// Put writes data to standard output, or to o.File whole (Write) and then
// the line written on standard output. failKey says why the file could
// not be written, with its name and the cause.
func (o Output) Put(stdout io.Writer, data []byte, failKey, written string) error {
	if o.File == "" {
		_, err := stdout.Write(data)
		return err
	}
	err := Write(o.File, data, 0o644, o.Force)
	switch {
	case errors.Is(err, ErrExists): // made since CheckOutput
		return engine.Fail("err.worksheet.exists", o.File)
	case err != nil:
		return engine.Fail(failKey, o.File, engine.Cause(err))
	}
	_, err = io.WriteString(stdout, written+"\n")
	return err
}
