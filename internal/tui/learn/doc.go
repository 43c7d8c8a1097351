// Package learn is matchgame's course: one page per theorem or method
// (Bouton's theorem, the SJ theorem, the Sprague–Grundy theorem, Guy and
// Smith's periods, the colon principle, the Tartan theorem …), each with
// its statement, a proof a student can follow, a worked example whose
// numbers the engine computes as the page is drawn, exercises with their
// answers, and the judge problems it solves; and the lesson plans a
// teacher steps a class through.
//
// A page's text is Markdown in assets/learn (ID.en.md, ID.zh.md) with
// placeholders the engine fills ({{g kayles 7}}, {{example}}); Render
// reads it into typed blocks, and Lines, Markdown and HTML draw those
// blocks for the terminal, a handout and a printed page. Model is the
// learn screen of the terminal game. Plans (plan.go) are TOML files of
// steps: a page, a demo, a quiz, free play.
package learn
