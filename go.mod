module matchgame

go 1.24.0
