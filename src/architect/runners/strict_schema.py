"""The mode's JSON schema in the subset OpenAI's strict Structured Outputs accept.

OpenAI ("Structured Outputs", "Supported schemas"): every object lists all
its properties in `required` and sets `additionalProperties: false`; an
optional field is required and nullable (`null` stands for "absent");
`default`, `minLength` and `maxLength` are not supported keywords ("'default'
is not permitted"). Local OpenAI-compatible servers (vLLM, llama.cpp) take
the same subset. Whatever is dropped here is still enforced by our own
pydantic validation, which reads a `null` as the field's default
(`validation.without_nulls`).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from architect.runners.inline_schema import self_contained_schema

UNSUPPORTED = frozenset({"default", "minLength", "maxLength", "title"})


def strict_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """`schema` as OpenAI strict mode accepts it: see the module docstring."""
    converted: dict[str, Any] = _strict(self_contained_schema(schema))
    return converted


def response_format(schema: type[BaseModel]) -> dict[str, Any]:
    """The `response_format` of a Chat Completions request asking for `schema`."""
    return {
        "type": "json_schema",
        "json_schema": {"name": schema.__name__, "schema": strict_schema(schema), "strict": True},
    }


def _strict(node: Any) -> Any:
    if isinstance(node, list):
        return [_strict(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {k: _strict(v) for k, v in node.items() if k not in UNSUPPORTED and k != "properties"}
    properties = node.get("properties")
    if isinstance(properties, dict):
        required = set(node.get("required") or ())
        out["properties"] = {
            name: _strict(sub) if name in required else _nullable(_strict(sub))
            for name, sub in properties.items()
        }
        out["required"] = list(properties)
        out["additionalProperties"] = False
    return out


def _nullable(node: dict[str, Any]) -> dict[str, Any]:
    kind = node.get("type")
    if isinstance(kind, str) and kind != "null":
        return {**node, "type": [kind, "null"]}
    if isinstance(kind, list):
        return node if "null" in kind else {**node, "type": [*kind, "null"]}
    variants = node.get("anyOf")
    if isinstance(variants, list):
        if any(v.get("type") == "null" for v in variants if isinstance(v, dict)):
            return node
        return {**node, "anyOf": [*variants, {"type": "null"}]}
    return {"anyOf": [node, {"type": "null"}]}
