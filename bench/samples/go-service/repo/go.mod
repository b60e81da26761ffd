module example.com/shortlink

go 1.22

require modernc.org/sqlite v1.29.0
