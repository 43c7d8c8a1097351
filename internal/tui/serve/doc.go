// Package serve is the SSH side of `matchgame serve`: every SSH connection
// with a terminal gets its own Bubble Tea program, drawn for that client's
// terminal, while the server stays safe with strangers on the network.
//
// The server (server.go) is built on charmbracelet/wish. It runs games and
// nothing else: no commands, no forwarding of ports, agents or X11, no
// subsystems (SFTP), and it writes no files for a session. It needs a
// terminal, counts sessions against a limit, rate-limits connections per
// address, warns and then closes idle sessions, and ends every session with
// a message on Shutdown. A session's model is wrapped (guard.go) so that a
// panic ends that session only, and its input is filtered (input.go) so that
// garbage or an endless paste costs the server no more than one client's
// fair share.
//
// The game screens plug in through App, a function from a Session (user
// name, window size, language, a Lip Gloss renderer for the client's own
// terminal, a context that ends with the session) to a tea.Model.
//
// Two hubs connect sessions with each other without knowing the screens:
// Class (class.go) is the teacher's side of --class (roster, quiz for
// everyone, scoreboard, demo for everyone, report in report.go), and Rooms
// (rooms.go) routes the moves of two-player games to players and watchers.
// A hub never waits for a screen: each subscriber has its own buffered
// channel, and one that lets it fill is cut off (hub.go). A hub passes a
// game on as the screens gave it (Game), never writing it out and reading
// it back.
package serve
