package main

import (
	"flag"
	"log"
	"net/http"

	"example.com/shortlink/internal/api"
	"example.com/shortlink/internal/store"
)

func main() {
	addr := flag.String("addr", ":8080", "listen address")
	db := flag.String("db", "links.db", "SQLite file")
	flag.Parse()
	s, err := store.Open(*db)
	if err != nil {
		log.Fatal(err)
	}
	log.Fatal(http.ListenAndServe(*addr, api.Routes(s)))
}
