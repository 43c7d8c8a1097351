package engine

// Hooks for the external tests: the history limit a test lowers, and how
// many turns keep their whole analysis.
var HistoryLimit = &historyLimit

const ExplainedTurns = explainedTurns
