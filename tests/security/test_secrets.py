"""Secrets never leave the environment: a whole lifecycle through the CLI, then a grep.

`architect run` (real processes, logs to a file, stderr captured) takes a vision
from pitch to merge and another to rejection, with known values for every
secret it reads: the forge token, the filer token, the model API keys and the
webhook secret. The model is an OpenAI-compatible fake on a loopback port, so
the run keeps model sessions too. After every tick, every file the run wrote
and every line it printed is searched for each secret, and so are the forge
and what the model was sent: none is found. Log, session and journal files are
private (mode 600).
"""

from __future__ import annotations

import base64
import json
import os
import stat
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from werkzeug.serving import BaseWSGIServer, make_server

from tests.reliability.crash import CrashRun, Served, serve
from tests.reliability.harness import FaultyTransport, forge_state, play_short
from tests.sdk import needs_sdk
from tests.world import OPS

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIEnvironment

pytestmark = pytest.mark.slow

KNOWN = {
    "OPENAI_API_KEY": "sk-proj-KNOWNopenaiKEY0123456789abcdef",
    "ANTHROPIC_API_KEY": "sk-ant-api03-KNOWNanthropicKEY0123456789",
    "ARCHITECT_WEBHOOK_SECRET": "whsec-KNOWN-webhook-0123456789",
}

ANSWERS: dict[str, dict[str, Any]] = {
    "Pitch": {"what_this_enables": "Wishlists.", "what_exists_today": "A shop.",
              "complexity": "Small.", "risks": "Few.", "cost_new_infra": "None.",
              "verdict": "GO", "recommendation": "Do it."},
    "ForkProposal": {"forks": [{"question": "Where are wishlists kept?", "recommended": "B",
                                "options": [{"letter": "A", "text": "In the session cookie"},
                                            {"letter": "B", "text": "In the database"}]}]},
    "AnswerRound": {"interpretations": [], "follow_ups": [], "reply": "Noted."},
    "SubIssuePlan": {"sub_issues": [
        {"id": "store", "title": "Store wishlist items", "problem": "p", "proposed_solution": "s",
         "acceptance_criteria": ["items are stored"]},
        {"id": "page", "title": "Wishlist page", "problem": "p", "proposed_solution": "s",
         "acceptance_criteria": ["the page shows them"], "depends_on": ["store"]}]},
}


@dataclass
class FakeModel:
    """An OpenAI-compatible chat endpoint that answers by the schema it is asked for."""

    seen: list[str] = field(default_factory=list)  # every request body, raw
    keys: list[str] = field(default_factory=list)  # every Authorization header

    def __call__(self, environ: WSGIEnvironment, start: StartResponse) -> Iterable[bytes]:
        size = int(environ.get("CONTENT_LENGTH") or 0)
        raw = environ["wsgi.input"].read(size).decode()
        self.seen.append(raw)
        self.keys.append(environ.get("HTTP_AUTHORIZATION", ""))
        request = json.loads(raw or "{}")
        name = request.get("response_format", {}).get("json_schema", {}).get("name", "")
        if name not in ANSWERS:
            name = next((n for n in ANSWERS if n in raw), "Pitch")
        reply = {"id": "chatcmpl-1", "object": "chat.completion", "created": 0,
                 "model": "fake-model",
                 "choices": [{"index": 0, "finish_reason": "stop",
                              "message": {"role": "assistant",
                                          "content": json.dumps(ANSWERS[name])}}],
                 "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}}
        body = json.dumps(reply).encode()
        start("200 OK", [("Content-Type", "application/json"),
                         ("Content-Length", str(len(body)))])
        return [body]


@pytest.fixture
def fake_model() -> Iterator[tuple[FakeModel, str]]:
    model = FakeModel()
    server: BaseWSGIServer = make_server("127.0.0.1", 0, model, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield model, f"http://127.0.0.1:{server.server_port}/v1"
    server.shutdown()
    server.server_close()


def forms(secret: str) -> set[str]:
    """The spellings a leak could take: raw, base64, and the last 16 characters."""
    return {secret, base64.b64encode(secret.encode()).decode().rstrip("="), secret[-16:]}


def leaks(text: str, secrets: dict[str, str]) -> list[str]:
    return [name for name, value in secrets.items() if any(f in text for f in forms(value))]


def private(path: Path) -> bool:
    return stat.S_IMODE(path.stat().st_mode) & 0o077 == 0


@dataclass
class ScanningRun(CrashRun):
    """A run that searches every file under `root` for the secrets after each tick."""

    root: Path = Path()
    secrets: dict[str, str] = field(default_factory=dict)
    found: list[str] = field(default_factory=list)
    sessions_seen: set[str] = field(default_factory=set)
    loose: list[str] = field(default_factory=list)  # private files that are not mode 600

    def tick(self) -> bool:
        quiet = super().tick()
        for path in self.root.rglob("*"):
            if not path.is_file() or path.name.endswith(".toml"):
                continue
            for name in leaks(path.read_text(errors="replace"), self.secrets):
                self.found.append(f"{name} in {path}")
            if "sessions" in path.parts:
                self.sessions_seen.add(path.name)
            if {"sessions", "journal", "logs"} & set(path.parts) and not private(path):
                self.loose.append(f"{path} is mode {oct(stat.S_IMODE(path.stat().st_mode))}")
        self.found += [f"{name} in the output of tick {self.ticks}"
                       for name in leaks(self.outputs[-1], self.secrets)]
        return quiet


def _with_model(served: Served, url: str, tmp: Path) -> None:
    filer = served.world.setup.create_user("architect-filer")
    served.world.setup.add_collaborator("acme/shop", "architect-filer", "write")
    text = served.toml.read_text().replace('model = "offline"', "model = \"openai\"\n"
                                           'model_name = "fake-model"\n'
                                           f'openai_base_url = "{url}"\n'
                                           f'log_dir = "{tmp / "logs"}"')
    served.toml.write_text(text)
    served.env |= KNOWN | {"FORGE_FILER_TOKEN": filer}


@needs_sdk("openai")  # the model it must not leak to is an OpenAI-compatible server
def test_no_secret_is_written_printed_posted_or_sent_to_the_model(
        tmp_path: Path, fake_model: tuple[FakeModel, str]) -> None:
    model, url = fake_model
    served = serve(tmp_path)
    try:
        _with_model(served, url, tmp_path)
        secrets = {**KNOWN, "FORGE_ARCHITECT_TOKEN": served.env["FORGE_ARCHITECT_TOKEN"],
                   "FORGE_FILER_TOKEN": served.env["FORGE_FILER_TOKEN"]}
        dummy = FaultyTransport(httpx.WSGITransport(app=served.world.forge.wsgi))
        run = ScanningRun(served.world, dummy, served=served, args=("-v",), root=tmp_path,
                          secrets=secrets)
        play_short(run)
        state = forge_state(served.world)
    finally:
        served.world.forge.stop()

    assert run.crashes == [] and run.unsettled == []
    assert served.world.bot.get_pull(OPS, 1).merged  # the lifecycle really ran
    printed = "".join(run.outputs)
    assert "vision #1: pitched as PR #1" in printed and "PR #1: merged" in printed
    assert run.sessions_seen, "the run kept no model session: nothing to check there"
    assert model.seen and all(k == f"Bearer {KNOWN['OPENAI_API_KEY']}" for k in model.keys)
    assert run.found == []
    assert run.loose == []
    assert leaks(json.dumps(state), secrets) == []
    assert [leaks(body, secrets) for body in model.seen] == [[] for _ in model.seen]
    logs = list((tmp_path / "logs").rglob("*.log"))
    assert logs and all(private(p) for p in logs)
    journal = list((tmp_path / "state").rglob("journal/*.md"))
    assert journal and all(private(p) for p in journal)
    assert os.stat(tmp_path / "state").st_mode & 0o077 == 0
