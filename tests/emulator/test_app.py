"""The WSGI app: routing misses, Go's JSON, headers, scopes, 500s, changes and hooks."""

from __future__ import annotations

import dataclasses
import json

import httpx
import pytest

from architect.emulator import app as forge_app
from architect.emulator import webhooks
from architect.emulator.app import encode_json
from architect.emulator.web import Ctx, Reply
from tests.emulator.conftest import REPO, ROOT, Forge


def test_encode_json_escapes_as_go_does_and_ends_with_a_newline() -> None:
    assert encode_json({"a": "<b> & é"}) == '{"a":"\\u003cb\\u003e \\u0026 é"}\n'.encode()


def test_an_unknown_path_is_forgejos_404_and_a_wrong_method_an_empty_405(world: Forge) -> None:
    missing = world.call("GET", "/no/such/route")
    assert missing.status_code == 404
    assert missing.json() == {"message": "The target couldn't be found.",
                              "url": f"{ROOT}/api/swagger", "errors": []}
    assert missing.headers["Cache-Control"] == "max-age=0, private, must-revalidate"
    wrong = world.call("PUT", "/version")
    assert (wrong.status_code, wrong.content) == (405, b"")


def test_a_token_without_the_scope_is_refused_by_name(world: Forge) -> None:
    token = world.setup.create_user("reader", scopes=("read:issue", "read:repository"))
    refused = world.http.post(f"/api/v1/repos/{REPO}/issues", json={"title": "x"},
                              headers={"Authorization": f"token {token}"})
    assert refused.status_code == 403
    assert refused.json()["message"] == (
        "token does not have at least one of required scope(s): [write:issue]"
    )


def test_a_crash_is_a_500_that_says_nothing(world: Forge, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(ctx: Ctx) -> Reply:
        raise RuntimeError("secret detail")

    index = next(i for i, r in enumerate(forge_app.ROUTES) if r.rule == "/version")
    routes = list(forge_app.ROUTES)
    routes[index] = dataclasses.replace(routes[index], handler=broken)
    monkeypatch.setattr(forge_app, "ROUTES", tuple(routes))
    crashed = world.call("GET", "/version")
    assert crashed.status_code == 500
    assert crashed.json()["message"] == ""
    assert "secret detail" not in crashed.text


def test_on_change_runs_only_after_a_change_and_answers_are_dated(world: Forge) -> None:
    changes: list[int] = []
    app = forge_app.ForgeApp(world.forge.wsgi.store, world.forge.wsgi.deliverer,
                             on_change=lambda: changes.append(1))
    http = httpx.Client(transport=httpx.WSGITransport(app=app), base_url=ROOT)
    headers = {"Authorization": f"token {world.tokens['alice']}"}
    read = http.get(f"/api/v1/repos/{REPO}/issues", headers=headers)
    assert read.status_code == 200 and changes == []
    assert read.headers["Date"].startswith("Mon, 05 Jan 2026 ")  # the forge's clock
    made = http.post(f"/api/v1/repos/{REPO}/issues", json={"title": "x"}, headers=headers)
    assert made.status_code == 201 and changes == [1]


def test_a_change_is_delivered_to_the_hooks_that_want_it(world: Forge) -> None:
    sent: list[tuple[str, dict[str, object]]] = []

    def receive(request: httpx.Request) -> httpx.Response:
        sent.append((request.headers["X-Forgejo-Event"], json.loads(request.content)))
        return httpx.Response(200)

    deliverer = webhooks.Deliverer(httpx.MockTransport(receive))
    app = forge_app.ForgeApp(world.forge.wsgi.store, deliverer)
    http = httpx.Client(transport=httpx.WSGITransport(app=app), base_url=ROOT)
    headers = {"Authorization": f"token {world.tokens['acme']}"}
    hook = {"type": "forgejo", "active": True, "events": ["issues"],
            "config": {"url": "http://127.0.0.1:9/in", "content_type": "json"}}
    assert http.post(f"/api/v1/repos/{REPO}/hooks", json=hook, headers=headers).status_code == 201
    http.post(f"/api/v1/repos/{REPO}/issues", json={"title": "hooked"}, headers=headers)
    deliverer.close()
    assert [(event, body["action"]) for event, body in sent] == [("issues", "opened")]
