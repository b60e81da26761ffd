"""A mode's schema with nothing to resolve (`runners.inline_schema`)."""

from __future__ import annotations

from pydantic import BaseModel

from architect.runners.inline_schema import self_contained_schema


class Part(BaseModel):
    title: str
    size: int = 1


class Whole(BaseModel):
    name: str
    parts: list[Part]
    main: Part


def test_refs_are_inlined_and_titles_dropped_but_a_field_named_title_kept() -> None:
    schema = self_contained_schema(Whole)
    assert "$defs" not in schema and "title" not in schema
    part = {"type": "object", "properties": {"title": {"type": "string"},
                                             "size": {"type": "integer", "default": 1}},
            "required": ["title"]}
    assert schema["properties"]["parts"] == {"type": "array", "items": part}
    assert schema["properties"]["main"] == part
    assert schema["required"] == ["name", "parts", "main"]
    assert "$ref" not in repr(schema)
