package main

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// damagedTerms are a term with its pages after the first overwritten
// and one cut to its first pages: SQLite finds each malformed.
func damagedTerms(t *testing.T) (overwritten, truncated string) {
	t.Helper()
	overwritten, truncated = termFile(t), termFile(t)
	b, err := os.ReadFile(overwritten)
	if err != nil {
		t.Fatal(err)
	}
	for i := 4096; i < len(b); i++ {
		b[i] = 0xff
	}
	if err := os.WriteFile(overwritten, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(truncated, 3*4096); err != nil {
		t.Fatal(err)
	}
	return overwritten, truncated
}

// foreignFile is another program's SQLite database, its owner's alone.
func foreignFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "o.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("CREATE TABLE foo(x)"); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// What the hostile trial found said badly is one line each, exit 2 (bad
// input), naming the file once: another program's database (the path
// was said twice), a damaged term (an overwritten page exited 1 with
// "database disk image is malformed (11)", a truncated one 2), a report
// in a missing directory (it named a temporary file), an empty --store (it
// said "open : no such file or directory"); and in Chinese.
func TestStoreRefusalsReadClearly(t *testing.T) {
	t.Parallel()
	foreign := foreignFile(t)
	overwritten, truncated := damagedTerms(t)
	report := filepath.Join(t.TempDir(), "r")
	serve := func(store string, more ...string) []string {
		return append([]string{"serve", "--class", "--listen", "127.0.0.1:0", "--report", report, "--store", store}, more...)
	}
	for _, c := range []struct {
		args       []string
		named      string
		want       string
		wantNot    string
		sayingOnce string
	}{
		{[]string{"term", "--store", foreign}, foreign, "is another program's SQLite database", "schema", foreign},
		{serve(foreign), foreign, "is another program's SQLite database", "schema", foreign},
		{[]string{"term", "--store", foreign, "--lang", "zh"}, foreign, "是另一个程序的 SQLite 数据库", "another", foreign},
		{[]string{"term", "--store", overwritten}, overwritten, "is damaged", "(11)", overwritten},
		{[]string{"term", "--store", truncated}, truncated, "is damaged", "(11)", truncated},
		{serve(truncated), truncated, "is damaged", "(11)", truncated},
		{[]string{"term", "--store", truncated, "--lang", "zh"}, truncated, "已损坏", "damaged", truncated},
		{[]string{"serve", "--class", "--report", "/missing/dir/x"}, "/missing/dir", "/missing/dir", ".matchgame-check", "/missing/dir/x"},
		{[]string{"term", "--store", ""}, "", "--store needs a file name", "open", "--store"},
		{serve(""), "", "--store needs a file name", "open", "--store"},
	} {
		code, out, errs := runCLI(t, "", c.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.want) ||
			strings.Contains(errs, c.wantNot) || strings.Count(errs, c.sayingOnce) != 1 {
			t.Errorf("%q: exit %d, %q; want exit 2 and one line saying %q (%q once), not %q", c.args, code, errs, c.want, c.sayingOnce, c.wantNot)
		}
	}
}
