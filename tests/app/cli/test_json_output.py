"""Machine-readable everywhere: `run --json`, `run --dry-run --json` and `status --json`
parsed and checked against the forge's state, on success and on failure."""

from __future__ import annotations

import json
import os
import re

import pytest

from architect.config import load_config
from architect.forge.client import ForgeClient
from architect.shell.guards import RunLock, lock_path
from tests.app.cli.conftest import Served, architect, vision_enabled

# Real processes, servers or fault matrices: out of the fast lane (`-m "not slow"`).
pytestmark = pytest.mark.slow


def test_dry_run_json_is_the_plan_and_run_json_what_the_forge_now_shows(served: Served) -> None:
    vision_enabled(served)
    bot = ForgeClient(served.url, served.tokens["architect-bot"])

    dry = architect("run", "--dry-run", "--json", "-p", str(served.toml), env=served.env)
    assert dry.returncode == 0, dry.stderr
    plan = json.loads(dry.stdout)
    assert plan["dry_run"] is True and plan["exit"] == 0 and plan["project"] == "shop"
    assert [(a["kind"], a["vision"]) for a in plan["planned"]] == [("OpenPitch", 1)]
    assert plan["applied"] == [] and [a["kind"] for a in plan["would"]] == ["OpenPitch"]
    # The dry run asks only a planner that costs nothing (here the offline one), never a
    # paid model; what it asked is counted all the same.
    assert plan["model_calls"] == 1 and not plan["cost_usd"]
    assert bot.list_pulls("acme/shop-ops", state="all") == []

    run = architect("run", "--json", "-p", str(served.toml), env=served.env)
    assert run.returncode == 0, run.stderr
    done = json.loads(run.stdout)
    assert done["dry_run"] is False and done["exit"] == 0
    assert done["planned"] == plan["planned"]
    assert [(a["kind"], a["vision"]) for a in done["applied"]] == [("OpenPitch", 1)]
    assert done["failed"] == [] and done["blocked"] == []
    assert done["model_calls"] == 1  # the offline planner wrote the pitch
    assert done["tokens"] == {"input": 0, "output": 0} and done["cost_usd"] is None
    (pr,) = bot.list_pulls("acme/shop-ops", state="open")
    assert pr.head.ref == "architect/sprint-vision-1"
    assert "in-progress" in bot.get_issue("acme/shop", 1).label_names

    idle = json.loads(architect("run", "--json", "-p", str(served.toml),
                                env=served.env).stdout)
    assert idle["planned"] == [] and idle["applied"] == [] and idle["exit"] == 0
    # The sprint's state as the tick's decision held it.
    assert idle["sprints"] == [{"pr": pr.number, "vision": 1,
                                "state": "pitch awaiting decision"}]


def test_run_json_reports_a_skip_and_an_error(served: Served) -> None:
    skipped = architect("run", "--json", "-p", str(served.toml), env=served.env)
    assert skipped.returncode == 0
    assert "architect enable" in json.loads(skipped.stdout)["skipped"]

    env = {k: v for k, v in served.env.items() if k != "FORGE_ARCHITECT_TOKEN"}
    failed = architect("run", "--json", "-p", str(served.toml), env=env)
    assert failed.returncode == 2
    document = json.loads(failed.stdout)
    assert document["exit"] == 2 and "FORGE_ARCHITECT_TOKEN" in document["error"]
    assert "FORGE_ARCHITECT_TOKEN" in failed.stderr


def test_status_json_on_failure_is_json_too(served: Served) -> None:
    env = {**served.env, "FORGE_ARCHITECT_TOKEN": "0" * 40}
    result = architect("status", "--json", "-p", str(served.toml), env=env)
    assert result.returncode == 2
    document = json.loads(result.stdout)
    assert document["exit"] == 2 and "FORGE_ARCHITECT_TOKEN" in document["error"]
    assert "0" * 40 not in result.stdout + result.stderr

    broken = served.toml.with_name("broken.toml")
    broken.write_text("name = 'x'\n")
    bad = architect("status", "--json", "-p", str(broken), env=served.env)
    assert bad.returncode == 2
    assert json.loads(bad.stdout)["exit"] == 2 and bad.stderr


def test_status_shows_a_disabled_project_missing_labels_and_the_lock_holder(
        served: Served) -> None:
    text = architect("status", "-p", str(served.toml), env=served.env)
    assert text.returncode == 0, text.stderr
    assert "note: shop is disabled: ticks skip it (run `architect enable`)" in text.stdout
    assert "note: acme/shop: label 'vision' is missing: run `architect init`" in text.stdout

    vision_enabled(served)
    config = load_config(served.toml, served.env)
    with RunLock(lock_path(config.project_state_dir), command=["architect", "run"]).acquire():
        held = architect("status", "--json", "-p", str(served.toml), env=served.env)
        shown = architect("status", "-p", str(served.toml), env=served.env)
    document = json.loads(held.stdout)
    assert document["active"] is True and document["missing_labels"] == []
    assert document["lock"]["pid"] == os.getpid()
    assert document["lock"]["command"] == "architect run"
    assert f"the run lock is held by pid {os.getpid()}" in shown.stdout
    assert [(i["kind"], i["number"]) for i in document["items"]] == [("vision", 1)]

    free = json.loads(architect("status", "--json", "-p", str(served.toml),
                                env=served.env).stdout)
    assert free["lock"] is None


RFC3339_UTC = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")


def test_status_json_gives_every_since_in_rfc_3339_utc(served: Served) -> None:
    vision_enabled(served)
    assert architect("run", "-p", str(served.toml), env=served.env).returncode == 0
    assert architect("disable", "-p", str(served.toml), env=served.env).returncode == 0
    result = architect("status", "--json", "-p", str(served.toml), env=served.env)
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert {i["kind"] for i in document["items"]} == {"sprint", "vision"}
    sinces = [document["disabled_since"], *(i["since"] for i in document["items"])]
    assert all(RFC3339_UTC.match(since) for since in sinces), sinces
    # The table for eyes stays short: to the minute.
    text = architect("status", "-p", str(served.toml), env=served.env).stdout
    assert re.search(r"shop is disabled since \d{4}-\d\d-\d\d \d\d:\d\d UTC:", text), text


def test_json_log_lines_name_their_project(served: Served) -> None:
    result = architect("run", "--json", "-p", str(served.toml), env=served.env)
    lines = [json.loads(line) for line in result.stderr.splitlines() if line.startswith("{")]
    assert lines and all(line["project"] == "shop" for line in lines)


def test_nothing_to_do_says_when_the_vision_label_is_missing(served: Served) -> None:
    assert architect("enable", "-p", str(served.toml), env=served.env).returncode == 0
    run = architect("run", "--json", "-p", str(served.toml), env=served.env)
    assert run.returncode == 0, run.stderr
    document = json.loads(run.stdout)
    assert document["planned"] == []
    assert document["notes"] == [
        "acme/shop: label 'vision' is missing: run `architect init` to create it"]
