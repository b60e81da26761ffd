"""Every webhook delivery of the lifecycle walk (`walk.py`), held against GitHub's own
description of its deliveries (`@octokit/openapi-webhooks` 12.1.0): each is a delivery
GitHub sends (event and action), with the headers GitHub sends and a payload its schema
accepts; and the server `architect loop --webhook` runs asks for a tick on each."""

from __future__ import annotations

import json

from architect.shell.webhooks import sign
from tests.forge.github.hook_spec import delivery_errors
from tests.forge.github.walk import HOOK_SECRET, Walked


def test_every_delivery_is_one_github_describes(walk_run: Walked) -> None:
    sent = [d for d in walk_run.world.forge.deliveries if d.status is not None]
    problems = [p for d in sent
                for p in delivery_errors(d.event, d.event_type, dict(d.headers),
                                         json.loads(d.body))]
    assert problems == []
    kinds = {(d.event, d.event_type) for d in sent}
    assert {("ping", ""), ("label", "created"),
            ("issues", "opened"), ("issues", "edited"), ("issues", "closed"),
            ("issues", "labeled"), ("issues", "unlabeled"),
            ("issue_comment", "created"), ("issue_comment", "edited"),
            ("pull_request", "opened"), ("pull_request", "edited"),
            ("pull_request", "closed"), ("pull_request", "synchronize"),
            ("pull_request_review", "submitted")} <= kinds


def test_no_delivery_says_forgejo(walk_run: Walked) -> None:
    names = {name.lower() for d in walk_run.world.forge.deliveries for name, _ in d.headers}
    assert [n for n in names if n.startswith(("x-forgejo", "x-gitea", "x-gogs"))] == []


def test_each_delivery_is_signed_with_the_hooks_secret(walk_run: Walked) -> None:
    for d in [d for d in walk_run.world.forge.deliveries if d.status is not None]:
        headers = dict(d.headers)
        assert headers["X-Hub-Signature-256"] == "sha256=" + sign(HOOK_SECRET.encode(), d.body)


def test_the_webhook_server_ticks_on_each_change_and_not_on_a_ping(walk_run: Walked) -> None:
    answered = [d for d in walk_run.world.forge.deliveries if d.status is not None]
    assert {d.status for d in answered} == {202}
    changes = [d for d in answered if d.event != "ping"]
    assert walk_run.pokes == ["shop"] * len(changes)
