// Package store keeps links in SQLite.
package store

import "database/sql"

type Link struct {
	Code   string
	Target string
}

type Store struct{ db *sql.DB }

func Open(path string) (*Store, error) {
	db, err := sql.Open("sqlite", path)
	if err != nil {
		return nil, err
	}
	_, err = db.Exec(`create table if not exists links (code text primary key, target text)`)
	return &Store{db}, err
}

func (s *Store) Get(code string) (Link, error) {
	var l Link
	err := s.db.QueryRow(`select code, target from links where code = ?`, code).Scan(&l.Code, &l.Target)
	return l, err
}
