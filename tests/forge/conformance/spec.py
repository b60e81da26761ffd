"""Check requests and responses against the Forgejo swagger (`tests/data/forgejo`).

Two entry points, both raising AssertionError with a readable message:

* `validate_response(method, path, status, body)`: finds the operation whose
  path template matches the concrete path, picks the schema declared for the
  status and validates `body` (parsed JSON, or None for an empty body).
* `validate_request(method, url, json_body)`: the operation exists, every query
  parameter is declared for it, and the JSON body matches its `body` parameter.

Where docs/forgejo-behaviour.md records that the real server differs from the swagger, the
notes win; each such exception below says so.
"""

from __future__ import annotations

import copy
import json
import re
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

import jsonschema

DATA = Path(__file__).resolve().parents[2] / "data" / "forgejo"
SPEC_PATH = DATA / "forgejo-swagger.v1.json"
# The servers the client speaks to: Forgejo (the reference) and Gitea 1.27.1.
SPECS = {"forgejo": SPEC_PATH, "gitea": DATA / "gitea-swagger.v1.json"}
BASE_PATH = "/api/v1"

# Keys that Go leaves out of the JSON (`omitempty`), per
# docs/forgejo-behaviour.md#json-conventions and the structs in modules/structs/*.go.
# Every other property a definition lists must be present in a response: Forgejo
# structs rarely use omitempty, so a missing key is a shape the real server never
# produces.
OMITEMPTY: dict[str, frozenset[str]] = {
    "Repository": frozenset(
        {"permissions", "internal_tracker", "external_tracker", "external_wiki", "wiki_branch"}
    ),
}

# Lists of pointers whose entries may be nil, which the spec cannot say either:
# GetFilesResponseFromCommit keeps a nil entry for a path it cannot read, such as
# a deleted file (services/repository/files/file.go).
NULLABLE_ITEMS: dict[str, frozenset[str]] = {"FilesResponse": frozenset({"files"})}

# Path parameters that the router matches as a wildcard, so they may contain '/'
# (`/branches/{branch}` with `feature/x`, `/contents/{filepath}` with `docs/a.md`).
_GREEDY_PARAMS = frozenset({"filepath", "branch", "head"})

# Error statuses the swagger does not declare on most operations, but that every
# authenticated route can return (docs/forgejo-behaviour.md#status-codes): their
# bodies are APIError, or APINotFound for 404s.
# A 404 is `{message, url, errors}` from ctx.NotFound, or `{message, url}` from
# ctx.Error(404, …) (e.g. "The old branch does not exist"): both are real.
_GENERIC_ERROR = {"$ref": "#/definitions/APIError"}
_GENERIC_NOT_FOUND = {"anyOf": [{"$ref": "#/definitions/APINotFound"}, _GENERIC_ERROR]}

# Statuses at which several handlers answer with an empty body although the
# swagger names a schema (`ctx.Status(403)` in EditIssue, comment edit/delete, issue
# labels; 204s have no body by definition): docs/forgejo-behaviour.md#status-codes.
_EMPTY_BODY_ALLOWED = frozenset({204, 403, 405})

_RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$")


@cache
def load_spec(api: str = "forgejo") -> dict[str, Any]:
    """The swagger document of `api` ("forgejo" or "gitea"), parsed once."""
    with SPECS[api].open(encoding="utf-8") as fh:
        spec: dict[str, Any] = json.load(fh)
    return spec


# ---------------------------------------------------------------- path matching


def _split(path: str) -> list[str]:
    return [seg for seg in path.strip("/").split("/") if seg != ""]


def _match_template(template: str, segments: list[str]) -> tuple[int, dict[str, str]] | None:
    """Score (number of literal segments) and params if `segments` fit `template`."""
    parts = _split(template)
    params: dict[str, str] = {}
    literals = 0
    i = 0
    for j, part in enumerate(parts):
        if i >= len(segments):
            return None
        if part.startswith("{") and part.endswith("}"):
            name = part[1:-1]
            last = j == len(parts) - 1
            if last and name in _GREEDY_PARAMS:
                params[name] = "/".join(segments[i:])
                i = len(segments)
                continue
            params[name] = segments[i]
        elif part != segments[i]:
            return None
        else:
            literals += 1
        i += 1
    if i != len(segments):
        return None
    return literals, params


def find_operation(method: str, path: str, api: str = "forgejo") -> tuple[str, dict[str, Any]]:
    """(template, operation object) for a concrete path such as /api/v1/repos/a/b/issues/3."""
    raw = urlsplit(path).path
    if raw.startswith(BASE_PATH):
        raw = raw[len(BASE_PATH) :]
    segments = [unquote(s) for s in _split(raw)]
    best: tuple[int, str] | None = None
    for template, item in load_spec(api)["paths"].items():
        if method.lower() not in item:
            continue
        scored = _match_template(template, segments)
        # Prefer the template with more literal segments: /issues/comments/{id}
        # over /issues/{index}/comments-like lookalikes.
        if scored is not None and (best is None or scored[0] > best[0]):
            best = (scored[0], template)
    if best is None:
        templates = [t for t in load_spec(api)["paths"] if _match_template(t, segments)]
        raise AssertionError(
            f"{method.upper()} {raw}: no operation in the {api} swagger"
            + (f" (path exists for other methods: {templates})" if templates else "")
        )
    template = best[1]
    return template, load_spec(api)["paths"][template][method.lower()]


# ---------------------------------------------------------------- schema building


def _nullable_properties(node: Any, omitempty: frozenset[str] = frozenset()) -> Any:
    """Copy of a schema where every object property also accepts null.

    Swagger 2.0 has no `nullable`, yet Go serialises nil pointers, nil slices and
    nil maps as `null` (issue `milestone`, `assignees`, PR `merged_by`,
    `closed_at` …): the spec cannot say which, so every property is allowed to be
    null. Types are otherwise kept strict. `required` lists every declared
    property except the omitempty ones, because Forgejo writes keys even when
    their value is the zero value.
    """
    if isinstance(node, list):
        return [_nullable_properties(x) for x in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "properties" and isinstance(value, dict):
            out[key] = {
                name: {"anyOf": [{"type": "null"}, _nullable_properties(sub)]}
                for name, sub in value.items()
            }
            out["required"] = sorted(set(value) - omitempty)
        elif key in {"required"}:
            continue
        else:
            out[key] = _nullable_properties(value)
    return out


@cache
def _response_definitions() -> dict[str, Any]:
    defs = load_spec()["definitions"]
    built = {
        name: _nullable_properties(schema, OMITEMPTY.get(name, frozenset()))
        for name, schema in defs.items()
    }
    for name, keys in NULLABLE_ITEMS.items():
        for key in keys:
            listed = built[name]["properties"][key]["anyOf"][1]
            listed["items"] = {"anyOf": [{"type": "null"}, listed["items"]]}
    return built


def _date_time(value: object) -> bool:
    return not isinstance(value, str) or bool(_RFC3339.match(value))


_FORMATS = jsonschema.FormatChecker(formats=())
_FORMATS.checks("date-time")(_date_time)


def _describe(err: jsonschema.ValidationError) -> str:
    """The innermost reason: anyOf(null, X) failures otherwise only say 'not valid'."""
    while err.context:
        non_null = [e for e in err.context if e.validator_value != "null"]
        err = jsonschema.exceptions.best_match(non_null or err.context)
    where = "/".join(str(p) for p in err.absolute_path)
    return f"  at /{where}: {err.message[:300]}"


def _validate(schema: dict[str, Any], definitions: dict[str, Any], body: Any, where: str) -> None:
    root = {"definitions": definitions, "allOf": [schema]}
    validator = jsonschema.Draft4Validator(root, format_checker=_FORMATS)
    errors = sorted(validator.iter_errors(body), key=lambda e: list(e.absolute_path))
    if errors:
        lines = [_describe(err) for err in errors[:10]]
        raise AssertionError(f"{where}: body does not match the swagger\n" + "\n".join(lines))


# ---------------------------------------------------------------- responses

# A directory answers a JSON array of ContentsResponse
# (docs/forgejo-behaviour.md#file-contents) while the swagger only declares the
# single object for GET /contents/{filepath}.
_CONTENTS_TEMPLATE = "/repos/{owner}/{repo}/contents/{filepath}"
# A merge conflict is `ctx.JSON(409, err)`, the body is the Go error struct's
# exported fields, not {message, url}: docs/forgejo-behaviour.md#error-bodies.
_MERGE_TEMPLATE = "/repos/{owner}/{repo}/pulls/{index}/merge"
_MERGE_CONFLICT = {
    "type": "object",
    "required": ["Style", "StdOut", "StdErr", "Err"],
    "properties": {
        "Style": {"type": "string"},
        "StdOut": {"type": "string"},
        "StdErr": {"type": "string"},
    },
}


# routers/api/v1/repo/issue_dependency.go, `RemoveIssueDependency`: `ctx.JSON(201, …)`
# although the swagger comment declares 200; the body is the same Issue.
_UNDECLARED_STATUS = {("delete", "/repos/{owner}/{repo}/issues/{index}/dependencies", 201): 200}


def _response_schema(
    method: str, template: str, operation: dict[str, Any], status: int
) -> tuple[dict[str, Any] | None, bool]:
    """(schema for this status or None for no body, whether an empty body is allowed)."""
    responses = operation.get("responses", {})
    documented = _UNDECLARED_STATUS.get((method.lower(), template, status), status)
    declared = responses.get(str(documented))
    error_schema = _GENERIC_NOT_FOUND if status == 404 else _GENERIC_ERROR
    if declared is None:
        if status >= 400:
            return error_schema, status in _EMPTY_BODY_ALLOWED
        raise AssertionError(
            f"{method.upper()} {template}: status {status} is not declared "
            f"(declared: {sorted(responses)})"
        )
    if "$ref" in declared:
        name = declared["$ref"].rsplit("/", 1)[-1]
        declared = load_spec()["responses"][name]
    schema = declared.get("schema")
    if schema is None:
        # Error statuses declared without a schema (`empty`, `conflict`, bare
        # descriptions) still carry {message, url} from ctx.Error on the real server.
        return (error_schema, True) if status >= 400 else (None, True)
    if method.lower() == "get" and template == _CONTENTS_TEMPLATE and status == 200:
        return {"anyOf": [schema, {"type": "array", "items": schema}]}, False
    if method.lower() == "post" and template == _MERGE_TEMPLATE and status == 409:
        return {"anyOf": [schema, _MERGE_CONFLICT]}, False
    return dict(schema), status in _EMPTY_BODY_ALLOWED


def validate_response(method: str, path: str, status: int, body: Any) -> None:
    """Assert that `body` (parsed JSON, None if empty) is what the swagger allows."""
    template, operation = find_operation(method, path)
    where = f"{method.upper()} {template} -> {status}"
    schema, empty_ok = _response_schema(method, template, operation, status)
    if body in (None, "", b""):
        if empty_ok:
            return
        raise AssertionError(f"{where}: expected a JSON body, got an empty one")
    if schema is None:
        raise AssertionError(f"{where}: expected an empty body, got {body!r:.200}")
    _validate(_nullable_properties(schema), _response_definitions(), body, where)


def validate_definition(name: str, body: Any) -> None:
    """Assert that `body` is a `definitions/<name>` object as the server would send it.

    For JSON that no operation returns directly, such as the `issue`,
    `pull_request`, `comment`, `repository` and `sender` of a webhook payload.
    """
    if name not in load_spec()["definitions"]:
        raise AssertionError(f"no definition {name!r} in the swagger")
    schema = {"$ref": f"#/definitions/{name}"}
    _validate(schema, _response_definitions(), body, f"definitions/{name}")


# ---------------------------------------------------------------- requests


def validate_request(method: str, url: str, json_body: Any | None, api: str = "forgejo") -> None:
    """Assert that `api`'s swagger declares this request: path, query keys and body."""
    template, operation = find_operation(method, url, api)
    where = f"{api}: {method.upper()} {template}"
    params = operation.get("parameters", [])
    declared_query = {p["name"] for p in params if p.get("in") == "query"}
    for key, _ in parse_qsl(urlsplit(url).query, keep_blank_values=True):
        if key not in declared_query:
            raise AssertionError(
                f"{where}: query parameter {key!r} is not declared "
                f"(declared: {sorted(declared_query)})"
            )
    body_params = [p for p in params if p.get("in") == "body"]
    if json_body is None:
        missing = [p["name"] for p in body_params if p.get("required")]
        if missing:
            raise AssertionError(f"{where}: the body is required")
        return
    if not body_params:
        raise AssertionError(f"{where}: the operation takes no JSON body")
    schema = copy.deepcopy(body_params[0]["schema"])
    _validate(schema, load_spec(api)["definitions"], json_body, f"{where} request")
