"""Notes in a SQLite file."""

import sqlite3
from dataclasses import dataclass
from pathlib import Path

DB = Path.home() / ".local/share/notes/notes.db"


@dataclass(frozen=True)
class Note:
    id: int
    text: str
    tags: tuple[str, ...]


def _db() -> sqlite3.Connection:
    DB.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(DB)
    con.execute("create table if not exists notes (id integer primary key, text, tags)")
    return con


def add(text: str) -> None:
    with _db() as con:
        con.execute("insert into notes (text, tags) values (?, '')", (text,))


def all_notes() -> list[Note]:
    with _db() as con:
        rows = con.execute("select id, text, tags from notes").fetchall()
    return [Note(i, t, tuple(filter(None, g.split(",")))) for i, t, g in rows]


def find(words: str) -> list[Note]:
    return [n for n in all_notes() if words.lower() in n.text.lower()]
