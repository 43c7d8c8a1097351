package main

import (
	"strings"

	"matchgame/internal/engine"
)

// parseFlags splits args into flags and positional arguments. Flags may
// stand before or after the position, as in pflag: --name value,
// --name=value, or a bare boolean flag; "--" ends the flags. A token like
// "-3" is a (negative) number for the position, not a flag, so that it is
// refused with a message about the number. known maps each flag's name to
// whether it is boolean.
func parseFlags(args []string, known map[string]bool) (map[string]string, []string, error) {
	flags := map[string]string{}
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return flags, append(rest, args[i+1:]...), nil
		case a == "-h":
			a = "--help"
		case len(a) > 1 && a[0] == '-' && (a[1] < '0' || a[1] > '9') && !strings.HasPrefix(a, "--"):
			return nil, nil, engine.Refuse("err.flag.short", a)
		}
		if !strings.HasPrefix(a, "--") || a == "--" {
			rest = append(rest, a)
			continue
		}
		name, value, hasValue := strings.Cut(a[2:], "=")
		isBool, ok := known[name]
		if !ok {
			return nil, nil, engine.Refuse("err.flag.unknown", "--"+name)
		}
		if _, twice := flags[name]; twice {
			return nil, nil, engine.Refuse("err.flag.twice", name)
		}
		switch {
		case isBool && hasValue:
			if value != "true" && value != "false" {
				return nil, nil, engine.Refuse("err.flag.bool", name, value)
			}
		case isBool:
			value = "true"
		case !hasValue:
			if i+1 >= len(args) {
				return nil, nil, engine.Refuse("err.flag.value", name)
			}
			i++
			value = args[i]
		}
		flags[name] = value
	}
	return flags, rest, nil
}
