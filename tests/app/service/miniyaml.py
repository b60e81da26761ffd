"""A small YAML reader for the workflow file, when PyYAML is not installed.

It reads the block subset workflows are written in: mappings, sequences
(``- item`` and ``- key: value`` items), plain and quoted scalars, empty values
and ``|`` block scalars, with full-line comments. Anything else (tabs, flow
collections, anchors, bad indentation) is a `YamlError`, so a file that reads
here is well-formed YAML of that subset. Scalars stay strings: ``on`` is the
key "on", as Forgejo reads it (PyYAML would make it True).
"""

from __future__ import annotations

import json

Node = dict[str, "Node"] | list["Node"] | str | None


class YamlError(ValueError):
    pass


def loads(text: str) -> Node:
    reader = _Reader(text.splitlines())
    reader.skip()
    if reader.done():
        return None
    node = reader.block(reader.indent())
    reader.skip()
    if not reader.done():
        raise YamlError(f"line {reader.i + 1}: unexpected indentation")
    return node


class _Reader:
    def __init__(self, lines: list[str]) -> None:
        for number, line in enumerate(lines, 1):
            if "\t" in line[: len(line) - len(line.lstrip())]:
                raise YamlError(f"line {number}: a tab in the indentation")
        self.lines = lines
        self.i = 0

    def done(self) -> bool:
        return self.i >= len(self.lines)

    def skip(self) -> None:
        """Past blank lines and full-line comments."""
        while not self.done() and (not self.content() or self.content().startswith("#")):
            self.i += 1

    def content(self) -> str:
        return self.lines[self.i].strip()

    def indent(self) -> int:
        line = self.lines[self.i]
        return len(line) - len(line.lstrip(" "))

    def block(self, indent: int) -> Node:
        if self.content().startswith("- ") or self.content() == "-":
            return self.sequence(indent)
        return self.mapping(indent)

    def mapping(self, indent: int, first: str | None = None) -> dict[str, Node]:
        result: dict[str, Node] = {}
        while True:
            if first is None:
                self.skip()
                if self.done() or self.indent() < indent:
                    return result
                if self.indent() > indent:
                    raise YamlError(f"line {self.i + 1}: unexpected indentation")
                line = self.content()
                if line.startswith("- "):
                    return result
            else:
                line, first = first, None
            key, colon, rest = line.partition(":")
            if not colon or (rest and not rest.startswith(" ")):
                raise YamlError(f"line {self.i + 1}: expected 'key: value', got {line!r}")
            key = _scalar(key.strip()) or ""
            if key in result:
                raise YamlError(f"line {self.i + 1}: duplicate key {key!r}")
            self.i += 1
            result[key] = self.value(rest.strip(), indent)

    def value(self, rest: str, indent: int) -> Node:
        if rest in ("|", "|-"):
            return self.block_scalar(indent, keep_newline=rest == "|")
        if rest:
            if rest[0] in "[{&*!>":
                raise YamlError(f"line {self.i}: {rest[0]!r} is outside the subset read here")
            return _scalar(rest)
        self.skip()
        if self.done() or (self.indent() <= indent and not (
                self.indent() == indent and self.content().startswith("- "))):
            return None
        return self.block(self.indent())

    def sequence(self, indent: int) -> list[Node]:
        items: list[Node] = []
        while True:
            self.skip()
            if self.done() or self.indent() != indent or not self.content().startswith("-"):
                return items
            item = self.content()[1:].strip()
            if ":" in item and not item.startswith(('"', "'")):
                items.append(self.mapping(indent + 2, first=item))
            else:
                self.i += 1
                items.append(_scalar(item) if item else self.value("", indent))

    def block_scalar(self, indent: int, *, keep_newline: bool) -> str:
        lines: list[str] = []
        inner: int | None = None
        while not self.done():
            line = self.lines[self.i]
            if line.strip():
                here = len(line) - len(line.lstrip(" "))
                if here <= indent:
                    break
                inner = here if inner is None else inner
                if here < inner:
                    raise YamlError(f"line {self.i + 1}: block scalar dedented")
                lines.append(line[inner:])
            else:
                lines.append("")
            self.i += 1
        while lines and not lines[-1]:
            lines.pop()
        return "\n".join(lines) + ("\n" if keep_newline and lines else "")


def _scalar(text: str) -> str | None:
    if text.startswith('"'):
        if not text.endswith('"') or len(text) < 2:
            raise YamlError(f"unterminated string {text!r}")
        return str(json.loads(text))
    if text.startswith("'"):
        if not text.endswith("'") or len(text) < 2:
            raise YamlError(f"unterminated string {text!r}")
        return text[1:-1].replace("''", "'")
    if " #" in text:
        text = text.split(" #", 1)[0].rstrip()
    return None if text in ("", "~", "null") else text
