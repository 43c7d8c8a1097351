#!/usr/bin/env bash
# Renders the README's pictures of boards, plots, trees and a worksheet
# from the program's own output (matchgame picture, table --svg,
# tree --svg, worksheet printed by headless Chromium: chromium and
# poppler-utils, fonts-noto-cjk for Chinese).
#   tools/pictures.sh      all of them into docs/screens/ and docs/
set -euo pipefail
cd "$(dirname "$0")/.."
out=docs/screens
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/matchgame
go build -o "$bin" ./cmd/matchgame

pic() { local name=$1; shift; "$bin" picture "$@" --force -o "$out/picture-$name.svg" >/dev/null; }
pic nim nim 3 5 7 --winning --explain
pic sum nim 3 5 + kayles 7 + wythoff 3 5 --winning
pic hackenbush hackenbush 0-1 1-2 2-3 1-4 4-5 4-6 0-7 7-8 8-8 --move edge=2
pic graph graph --edges '1>2,1>3,2>4,3>4,4>5,2>5,3>6,6>5' 1 3 --winning
pic staircase-zh staircase 0 2 3 1 4 --winning --lang zh
pic chomp chomp 5 5 3 1 --winning
"$bin" table kayles --to 120 --svg >"$out/table-kayles.svg"
"$bin" tree nim 1 2 2 --svg >"$out/tree-nim.svg"

"$bin" worksheet hackenbush --questions 6 --seed 3 --answers -o "$tmp/sheet.html" >/dev/null
chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer --user-data-dir="$tmp/profile" \
	--print-to-pdf="$tmp/sheet.pdf" "file://$tmp/sheet.html" 2>/dev/null
pdftoppm -r 60 -png -f 1 -l 1 "$tmp/sheet.pdf" "$tmp/page"
cp "$tmp"/page-1.png docs/worksheet-hackenbush-en.png
