"""GitHub's OpenAPI description (the slice in tests/data/github), read for the checks.

`operation_for` finds the documented operation a request is, by method and path
template (a `x-multi-segment` parameter such as a file path or a git ref spans
several segments); `body_errors` validates a JSON body against the operation's
request schema with jsonschema; `response_models` names the githubkit models
(generated from the same schemas) that a response of the operation must parse as.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

DATA = Path(__file__).parents[2] / "data" / "github"
Json = Any


@cache
def spec() -> dict[str, Json]:
    loaded: dict[str, Json] = json.loads((DATA / "api.github.com.slice.json").read_text())
    return loaded


def resolve(node: Json) -> Json:
    while isinstance(node, dict) and "$ref" in node:
        _, _, kind, name = str(node["$ref"]).split("/", 3)
        node = spec()["components"][kind][name]
    return node


@dataclass(frozen=True)
class Operation:
    method: str
    template: str
    pattern: re.Pattern[str]
    parameters: tuple[Json, ...]
    raw: Json

    @property
    def id(self) -> str:
        return str(self.raw["operationId"])

    def query_names(self) -> set[str]:
        return {p["name"] for p in self.parameters if p["in"] == "query"}

    def query_parameter(self, name: str) -> Json:
        return next(p for p in self.parameters if p["in"] == "query" and p["name"] == name)


def _pattern(template: str, parameters: tuple[Json, ...]) -> re.Pattern[str]:
    multi = {p["name"] for p in parameters if p["in"] == "path" and p.get("x-multi-segment")}
    regex = ""
    for part in re.split(r"(\{[^}]+\})", template):
        if part.startswith("{"):
            name = part[1:-1]
            regex += f"(?P<{name}>.+)" if name in multi else f"(?P<{name}>[^/]+)"
        else:
            regex += re.escape(part)
    return re.compile(regex + "$")


@cache
def operations() -> tuple[Operation, ...]:
    found = []
    for template, item in spec()["paths"].items():
        for method, raw in item.items():
            parameters = tuple(resolve(p) for p in raw.get("parameters", []))
            found.append(Operation(method.upper(), template, _pattern(template, parameters),
                                   parameters, raw))
    # A literal segment wins over a parameter (`issues/comments` over `issues/{number}`).
    return tuple(sorted(found, key=lambda o: (o.template.count("{"), -len(o.template))))


def operation_for(method: str, path: str) -> Operation | None:
    for op in operations():
        if op.method == method and op.pattern.fullmatch(path):
            return op
    return None


def _jsonschema(node: Json) -> Json:
    """OpenAPI 3.0 → JSON Schema: `nullable` becomes a null type, refs are inlined."""
    node = resolve(node)
    if isinstance(node, list):
        return [_jsonschema(n) for n in node]
    if not isinstance(node, dict):
        return node
    out = {k: _jsonschema(v) if isinstance(v, (dict, list)) and k != "enum" else v
           for k, v in node.items() if k not in ("nullable", "discriminator", "x-github")}
    if "properties" in node:
        out["properties"] = {k: _jsonschema(v) for k, v in node["properties"].items()}
    if node.get("nullable"):
        return {"anyOf": [out, {"type": "null"}]}
    return out


def body_errors(op: Operation, body: Json) -> list[str]:
    content = op.raw.get("requestBody", {}).get("content", {}).get("application/json")
    if content is None:
        return [] if body is None else [f"{op.id} takes no JSON body, got {body!r}"]
    schema = _jsonschema(content["schema"])
    validator = jsonschema.Draft7Validator(schema)
    return [f"{op.id}: {'/'.join(map(str, e.path))}: {e.message}"
            for e in validator.iter_errors(body)]


def answer_errors(op: Operation, status: int, answer: Json) -> list[str]:
    """What in `answer` breaks the schema GitHub documents for `op`'s `status` answer;
    an answer with a body where GitHub documents none is an error too."""
    schema = response_schema(op, status)
    if schema is None:
        return [] if answer is None else [f"{op.id} ({status}): GitHub documents no body"]
    validator = jsonschema.Draft7Validator(_jsonschema(schema))
    return [f"{op.id} ({status}): {'/'.join(map(str, e.path))}: {e.message}"
            for e in validator.iter_errors(answer)]


def response_schema(op: Operation, status: int) -> Json:
    responses = op.raw["responses"]
    answer = resolve(responses.get(str(status)))
    if answer is None:
        return None
    return answer.get("content", {}).get("application/json", {}).get("schema")


def _pascal(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[-_]", name))


def model_names(schema: Json, name: str = "") -> list[tuple[bool, str]]:
    """The githubkit models an answer may be, each with whether it is a list of them:
    `#/components/schemas/pull-request-simple` → PullRequestSimple; a union (oneOf,
    anyOf) each of its members; an inline array's items `<Name>Items`."""
    if not isinstance(schema, dict):
        return []
    if "$ref" in schema:
        ref_name = str(schema["$ref"]).rsplit("/", 1)[1]
        target = resolve(schema)
        members = target.get("oneOf") or target.get("anyOf")
        if members or target.get("type") == "array":
            return model_names(target, ref_name)
        return [(False, _pascal(ref_name))]
    if schema.get("type") == "array":
        items = schema["items"]
        if "$ref" in items:
            return [(True, model) for _, model in model_names(items)]
        return [(True, _pascal(name) + "Items")]
    found: list[tuple[bool, str]] = []
    if schema.get("allOf"):  # a model with extra fields: the model it extends
        return model_names(next(m for m in schema["allOf"] if "$ref" in m))
    for member in schema.get("oneOf") or schema.get("anyOf") or []:
        found += model_names(member)
    return found
