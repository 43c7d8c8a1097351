package serve

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// line is one thing the server itself says to a client, in English and
// Chinese; the game's own text lives in the message catalogues.
type line struct{ en, zh string }

var (
	sayCommand  = line{"matchgame runs no commands; to play, connect with: %s", "matchgame 不执行命令；要玩，请这样连接：%s"}
	sayTerminal = line{"matchgame needs a terminal: %s", "matchgame 需要终端：%s"}
	sayFull     = line{"the server is full (%d games running); try again in a minute", "服务器已满（正在进行 %d 局）；请过一分钟再试"}
	sayTooMany  = line{"too many connections from your address (%d at once, then one a second): try again in a few seconds", "来自你的地址的连接太多（一次最多 %d 个，之后每秒一个）：请过几秒再试"}
	sayName     = line{"type your name to join", "请输入你的名字再加入"}
	sayClosing  = line{"the server is shutting down", "服务器正在关闭"}
	sayIdleSoon = line{"No key for %s: this session closes in %s. Press any key to stay.", "已经 %s 没有按键：%s 后本次连接将关闭。按任意键继续。"}
	sayIdle     = line{"closed after %s without a key; connect again any time", "%s 没有按键，连接已关闭；随时可以再连接"}
	sayShutdown = line{"the matchgame server is shutting down; thank you for playing", "matchgame 服务器正在关闭；谢谢参与"}
	sayCrash    = line{"this game hit a bug and was closed; nobody else was affected. Connect again to start afresh.", "本局程序出错，已关闭；其他人不受影响。重新连接即可重新开始。"}
)

func (l line) in(lang string, args ...any) string {
	if lang == "zh" {
		return fmt.Sprintf(l.zh, args...)
	}
	return fmt.Sprintf(l.en, args...)
}

// langOf picks the language a client's environment asks for, as a
// terminal user expects (LC_ALL, then LC_MESSAGES, then LANG): "zh" for
// Chinese, "en" for anything else, "" when the client sent none of them.
func langOf(environ []string) string {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(environ, name); v != "" {
			if strings.HasPrefix(strings.ToLower(v), "zh") {
				return "zh"
			}
			return "en"
		}
	}
	return ""
}

func getenv(environ []string, name string) string {
	for _, kv := range environ {
		if v, ok := strings.CutPrefix(kv, name+"="); ok {
			return v
		}
	}
	return ""
}

// nameMax is the longest user name shown, in runes.
const nameMax = 32

// cleanName makes an SSH user name safe to show on anyone's screen: it
// comes from the network, and an escape sequence in it would drive the
// terminal of whoever sees it. Control characters and invalid UTF-8 become
// '?', and it is cut to nameMax runes.
func cleanName(s string) string {
	var b strings.Builder
	n := 0
	for _, r := range s {
		if n == nameMax {
			break
		}
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			r = '?'
		}
		b.WriteRune(r)
		n++
	}
	if b.Len() == 0 {
		return "guest"
	}
	return b.String()
}
