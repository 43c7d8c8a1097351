#!/usr/bin/env bash
# Renders the README's pictures from the program's own output: each scene
# is played in a real terminal (tmux, 80×24, true colour), captured with
# its colours and drawn as SVG by charmbracelet/freeze (a Go tool of this
# separate module, so the game's go.mod stays small).
#   tools/screenshots.sh            all scenes into docs/screens/
#   tools/screenshots.sh NAME…      only those scenes
set -euo pipefail
cd "$(dirname "$0")/.."
out=docs/screens
mkdir -p "$out"
bin=$(mktemp -d)/matchgame
go build -o "$bin" ./cmd/matchgame
trap 'rm -rf "$(dirname "$bin")"' EXIT
only=("$@")

# shot NAME KEYS ARGS…: start matchgame ARGS, send KEYS (space-separated
# tmux key names, "-" for none), wait, capture and render.
shot() {
	local name=$1 keys=$2 sock=matchgame-shot-$$-$1
	shift 2
	if [ ${#only[@]} -gt 0 ] && [[ ! " ${only[*]} " =~ " $name " ]]; then
		return
	fi
	tmux -L "$sock" new-session -d -x 80 -y 24 \
		"env LANG=C.UTF-8 COLORTERM=truecolor TERM=xterm-256color $bin $* --pause 0; sleep 30"
	sleep 0.8
	if [ "$keys" != "-" ]; then
		for k in $keys; do tmux -L "$sock" send-keys "$k"; sleep 0.15; done
		sleep 0.5
	fi
	tmux -L "$sock" capture-pane -e -p >"$out/$name.ansi"
	tmux -L "$sock" kill-server
	(cd tools && go tool freeze --language ansi --font.family monospace --window \
		-o "../$out/$name.svg" <"../$out/$name.ansi") >/dev/null
	rm "$out/$name.ansi"
	echo "$out/$name.svg"
}

shot heaps - play nim 3 6 9
shot teach - play nim 3 6 9 --explain teach
shot mistake "Enter" play nim 3 6 9
shot review "Enter j j 2 Enter Enter Enter Enter v" play nim 3 6 9 --explain off
shot bash - play bash 18 --max 3 --explain teach
shot wythoff "j j" play wythoff 5 8 --explain teach
shot staircase - play staircase 2 3 0 4 1 --explain teach
shot georgia-bob - play georgia-bob 1 5 6 7 9 12 14 17
shot kayles "l l l l l l +" play kayles 12 7 --explain teach
shot quiz-summary "Enter Enter" play nim --quiz --questions 1 --seed 3
shot high-contrast - play subtraction 7 10 12 --set 1,3,4 --theme high-contrast
shot menu-zh - --lang zh
shot teach-zh - play nim 1 1 5 --misere --explain teach --lang zh
shot coins "j j l l" play mock-turtles 3 5 9 12
shot grid "l l" play turning-corners 2,3 4,1 5,5
shot hackenbush - play hackenbush 0-1 1-2 1-3 3-4 4-1 0-5 5-5
shot graph "l" play graph 1 1 2 3
shot graph-draw "j l l Enter j l l Enter" play --preset graph-draw
shot moore "j 2 Space j 3" play moore --k 2 3 5 6
shot chomp "j l l" play chomp 5 5 3 1
shot northcott "w w" play northcott 1 5 2 7 6 3
shot fibonacci-nim - play fibonacci-nim 20 --explain teach
shot table "j t" play kayles 4 7 9
shot glossary "g" play nim 3 5 --lang zh
