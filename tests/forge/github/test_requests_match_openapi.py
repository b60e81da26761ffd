"""Every request the GitHub adapter sends, held against the operation of GitHub's
OpenAPI description (`@octokit/openapi` 23.0.2) that it claims: path template, method,
query parameters (names and enums) and the JSON body (jsonschema); and every answer
the dialect gives, against the schema of that operation's answer (jsonschema)."""

from __future__ import annotations

from tests.forge.github.spec import answer_errors, body_errors, operation_for, resolve
from tests.forge.github.walk import Exchange
from tests.world import World


def test_every_request_is_a_documented_operation(walked: tuple[World, list[Exchange]]) -> None:
    _, seen = walked
    unknown = [f"{e.method} {e.path}" for e in seen if operation_for(e.method, e.path) is None]
    assert unknown == []


def test_every_query_parameter_is_documented_with_a_valid_value(
        walked: tuple[World, list[Exchange]]) -> None:
    _, seen = walked
    problems = []
    for e in seen:
        op = operation_for(e.method, e.path)
        assert op is not None
        for name, value in e.query.items():
            if name not in op.query_names():
                problems.append(f"{op.id}: undocumented query parameter {name}")
                continue
            schema = resolve(op.query_parameter(name).get("schema", {}))
            if "enum" in schema and value not in schema["enum"]:
                problems.append(f"{op.id}: {name}={value} is not one of {schema['enum']}")
            if schema.get("type") == "integer" and not value.isdigit():
                problems.append(f"{op.id}: {name}={value} is not an integer")
    assert problems == []


def test_every_body_validates_against_the_operations_schema(
        walked: tuple[World, list[Exchange]]) -> None:
    _, seen = walked
    problems = []
    for e in seen:
        op = operation_for(e.method, e.path)
        assert op is not None
        # The write probe (`probe_write`) sends an empty body on purpose: GitHub checks
        # the token's right before the body, so its 422 proves the right, changing nothing.
        probe = e.body == {} and e.status == 422
        if e.method in ("POST", "PATCH", "PUT") and not probe:
            problems += body_errors(op, e.body)
    assert problems == []


def test_every_answer_validates_against_the_operations_schema(
        walked: tuple[World, list[Exchange]]) -> None:
    _, seen = walked
    problems = []
    for e in seen:
        op = operation_for(e.method, e.path)
        assert op is not None
        problems += answer_errors(op, e.status, e.answer)
    assert problems == []
    assert sum(e.answer is not None for e in seen) > 200  # the walk's answers, not a handful


def test_the_walk_covers_what_the_lifecycle_uses(walked: tuple[World, list[Exchange]]) -> None:
    """So the checks above cannot pass by walking too little."""
    _, seen = walked
    ids = {op.id for e in seen if (op := operation_for(e.method, e.path)) is not None}
    assert {"issues/create", "issues/add-sub-issue", "issues/add-blocked-by-dependency",
            "issues/remove-dependency-blocked-by",
            "pulls/create", "pulls/merge", "pulls/list-reviews", "git/create-ref",
            "git/delete-ref", "repos/create-or-update-file-contents", "git/create-tree",
            "git/create-commit", "git/update-ref", "issues/list-events-for-timeline",
            "search/issues-and-pull-requests", "repos/get-collaborator-permission-level",
            "issues/remove-label", "issues/list-comments-for-repo"} <= ids
