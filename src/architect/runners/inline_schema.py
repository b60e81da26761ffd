"""A mode's JSON schema with nothing to resolve: `$ref`s inlined, titles dropped."""

from __future__ import annotations

import copy
from typing import Any

from pydantic import BaseModel


def self_contained_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema with every `$ref` inlined and titles dropped.

    For validators that may not resolve `$defs` (the claude CLI's), and for the
    prompt: smaller and readable on its own. Our schemas are not recursive.
    """
    raw = schema.model_json_schema()
    defs = raw.pop("$defs", {})
    inlined: dict[str, Any] = _inline(raw, defs)
    return inlined


def _inline(node: Any, defs: dict[str, Any]) -> Any:
    if isinstance(node, list):
        return [_inline(item, defs) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        target = copy.deepcopy(defs[ref.removeprefix("#/$defs/")])
        return _inline({**target, **{k: v for k, v in node.items() if k != "$ref"}}, defs)
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "title":
            continue
        if key == "properties" and isinstance(value, dict):
            # Property names are data, not keywords: a field may be called "title".
            out[key] = {name: _inline(sub, defs) for name, sub in value.items()}
        else:
            out[key] = _inline(value, defs)
    return out
