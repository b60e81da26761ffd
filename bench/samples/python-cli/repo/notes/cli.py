"""The `notes` command: argument parsing only."""

import argparse

from notes import store


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="notes")
    sub = parser.add_subparsers(dest="command", required=True)
    add = sub.add_parser("add")
    add.add_argument("text")
    sub.add_parser("list")
    find = sub.add_parser("find")
    find.add_argument("words")
    args = parser.parse_args(argv)
    if args.command == "add":
        store.add(args.text)
    elif args.command == "list":
        for note in store.all_notes():
            print(note.id, note.text)
    else:
        for note in store.find(args.words):
            print(note.id, note.text)
    return 0
