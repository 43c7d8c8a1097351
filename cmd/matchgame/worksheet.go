package main

import "io"

var worksheetFlags = map[string]bool{}

func runWorksheet(args []string, stdout io.Writer) error { return nil }
