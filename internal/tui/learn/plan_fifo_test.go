//go:build unix

package learn

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"matchgame/assets"
	"matchgame/internal/engine"
)

// A FIFO named as a plan (mkfifo f.toml; matchgame lesson f.toml
// --check, serve --class --lesson f.toml) is refused as not a regular
// file before it is opened: opening it waited for a writer for ever.
func TestPlanFIFORefusedUnopened(t *testing.T) {
	t.Parallel()
	fifo := filepath.Join(t.TempDir(), "f.toml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := LoadPlan(fifo)
		done <- err
	}()
	select {
	case err := <-done:
		if msg := engine.Message(err, assets.Messages("en")); !errors.Is(err, engine.ErrRefused) || !strings.Contains(msg, "not a regular file") {
			t.Errorf("%s: %v, want not a regular file", fifo, msg)
		}
	case <-time.After(20 * time.Second): // no sleep: the wait of a plan that never comes back
		if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close() // the reader's open returns, and it reads nothing
		}
		<-done
		t.Fatalf("LoadPlan(%s) waited on the FIFO for a writer", fifo)
	}
}
