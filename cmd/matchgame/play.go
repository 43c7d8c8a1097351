package main

import "io"

func runPlay(args []string, menu bool, stdout io.Writer) error {
	return nil
}
