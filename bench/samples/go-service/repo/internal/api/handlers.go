// Package api serves the HTTP routes.
package api

import (
	"net/http"

	"example.com/shortlink/internal/store"
)

func Routes(s *store.Store) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{code}", func(w http.ResponseWriter, r *http.Request) {
		l, err := s.Get(r.PathValue("code"))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		http.Redirect(w, r, l.Target, http.StatusFound)
	})
	return mux
}
