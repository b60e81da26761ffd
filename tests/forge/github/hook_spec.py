"""GitHub's webhook deliveries as `@octokit/openapi-webhooks` describes them (the slice in
tests/data/github): which delivery an (event, action) is, the headers it must carry, and
its payload's schema (JSON Schema already: the description is OpenAPI 3.1)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

DATA = Path(__file__).parents[2] / "data" / "github" / "webhooks.slice.json"


@cache
def document() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DATA.read_text())
    return loaded


def webhook_name(event: str, action: str) -> str:
    """`pull_request_review` + `submitted` → `pull-request-review-submitted`; `ping`."""
    return "-".join(part.replace("_", "-") for part in (event, action) if part)


def schema_errors(schema: str, payload: object) -> list[str]:
    """What in `payload` breaks `#/components/schemas/<schema>`."""
    components = document()["components"]
    validator = jsonschema.Draft7Validator({**components["schemas"][schema],
                                            "components": components})
    return [f"{schema}: {'/'.join(map(str, e.path))}: {e.message}"
            for e in validator.iter_errors(payload)]


def delivery_errors(event: str, action: str, headers: Mapping[str, str],
                    payload: object) -> list[str]:
    """What in one delivery (its headers and body) is not GitHub's delivery of that
    event and action; a delivery the description does not know is an error."""
    name = webhook_name(event, action)
    described = document()["webhooks"].get(name)
    if described is None:
        return [f"{name}: GitHub sends no such delivery (or it is not in the slice)"]
    post = described["post"]
    sent = {k.lower(): v for k, v in headers.items()}
    problems = [f"{name}: header {p['name']} is missing" for p in post["parameters"]
                if p["in"] == "header" and p.get("required") and p["name"].lower() not in sent]
    if not sent.get("user-agent", "").startswith("GitHub-Hookshot/"):
        problems.append(f"{name}: User-Agent {sent.get('user-agent')!r} is not GitHub's")
    if sent.get("x-github-event") != event:
        problems.append(f"{name}: X-GitHub-Event is {sent.get('x-github-event')!r}")
    ref = post["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    return problems + schema_errors(ref.rsplit("/", 1)[1], payload)
