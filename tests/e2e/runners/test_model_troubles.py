"""What a real model API does besides answering, played end to end on the embedded forge.

The real SDKs against the loopback fakes: a model that reads the code with
the runner's tools before it answers, a strict-mode server that refuses a
schema with `default`, an empty design phase, a refusal, a cut-off answer,
an API overloaded beyond the SDK's retries. Each test checks what the humans
see on the forge and what the tick counted (model calls, tokens).
"""

from __future__ import annotations

import itertools
import json
from datetime import timedelta
from pathlib import Path

import pytest

from architect.core.schemas import ForkProposal
from architect.forge.models import PullRequest
from architect.runners.sessions import SessionStore
from architect.shell.tick import TickReport
from tests.e2e.runners.chat_api import ChatCompletionsAPI, strict_problem
from tests.e2e.runners.conftest import FAKE_ANTHROPIC_KEY, FAKE_OPENAI_KEY, model_env, runner_for
from tests.e2e.runners.messages_api import REFUSED, RUNAWAY_S, MessagesAPI, ToolCall, text_of
from tests.e2e.runners.sprint import ANSWERS, APPROVAL, PITCH, VISION_BODY, VISION_TITLE, with_model
from tests.sdk import needs_sdk
from tests.world import OPS, PROJECT, World

# The optional SDKs the runners import: without them these tests are skipped, not failed.
# Found, not imported: a test that needs one imports it (a second of each worker's start-up).
pytestmark = [needs_sdk("openai"), needs_sdk("anthropic")]

SHELL_PROJECT = {
    "README.md": "# deployer\n\nShips the site with rsync and Caddy.\n",
    "deploy.sh": "#!/bin/sh\n. ./lib/common.sh\nbuild_site\nrsync -a public/ web:/srv/site\n",
    "lib/common.sh": "build_site() {\n  hugo --minify\n}\n\nreload_caddy() {\n  caddy reload\n}\n",
    "tests/deploy.bats": "@test 'builds' {\n  run ./deploy.sh\n}\n",
    ".env": "DEPLOY_TOKEN=do-not-read-0123456789\n",
}
READING = [
    ToolCall("list_files", {"glob": "**/*.sh"}),
    ToolCall("read_file", {"path": "deploy.sh", "start_line": None, "end_line": None}),
    ToolCall("read_file", {"path": "lib/common.sh", "start_line": 1, "end_line": 3}),
    ToolCall("read_file", {"path": ".env", "start_line": None, "end_line": None}),
]


def shell_checkout(root: Path) -> Path:
    for name, text in SHELL_PROJECT.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def anthropic_world(world: World, tmp_path: Path, api: MessagesAPI, checkout: Path) -> None:
    with_model(world, checkout, model="anthropic", model_name="claude-opus-5-5")
    env = model_env(world, tmp_path, ANTHROPIC_API_KEY=FAKE_ANTHROPIC_KEY,
                    ANTHROPIC_BASE_URL=api.url)  # fmt: skip
    world.runner = runner_for(world, env)


def openai_world(world: World, tmp_path: Path, api: ChatCompletionsAPI, checkout: Path) -> None:
    with_model(world, checkout, model="openai", model_name="gpt-4.1",
               openai_base_url=f"{api.url}/v1")  # fmt: skip
    world.runner = runner_for(world, model_env(world, tmp_path, OPENAI_API_KEY=FAKE_OPENAI_KEY))


def pitched(world: World) -> TickReport:
    """A vision filed, then a tick: the pitch call."""
    world.vision(VISION_TITLE, VISION_BODY)
    return world.tick()


def approved_on(world: World, tmp_path: Path, api: MessagesAPI, checkout: Path) -> PullRequest:
    """The sprint pitched through `api` and approved by a review; its PR."""
    anthropic_world(world, tmp_path, api, checkout)
    assert pitched(world).failed == []
    (pr,) = world.bot.list_pulls(OPS, state="all")
    world.review(pr.number, "APPROVED", APPROVAL)
    return pr


def approved(world: World) -> tuple[int, TickReport]:
    """The sprint pitched and approved, then a tick: the design questions call."""
    assert pitched(world).failed == []
    (pr,) = world.bot.list_pulls(OPS, state="all")
    world.review(pr.number, "APPROVED", APPROVAL)
    return pr.number, world.tick()


def test_the_anthropic_runner_reads_two_files_of_a_shell_project_before_pitching(
    tmp_path: Path, world: World
) -> None:
    with MessagesAPI(ANSWERS, FAKE_ANTHROPIC_KEY, tool_calls={"Pitch": READING}) as api:
        anthropic_world(world, tmp_path, api, shell_checkout(tmp_path / "deployer"))
        report = pitched(world)

    assert report.failed == []
    (pr,) = world.bot.list_pulls(OPS, state="all")
    assert PITCH["what_this_enables"] in pr.body
    calls = api.model_calls()
    assert [c.stop_reason for c in calls] == ["tool_use"] * 4 + ["end_turn"]
    assert calls[0].tool_names == ["list_files", "read_file", "search"]
    # Told in the task, by the tools' names.
    asked = text_of(calls[0].body["messages"][0]["content"])
    assert "## Reading the code" in asked and "`read_file` (a file, or a range" in asked
    listed, deploy, common, secret = (r["content"] for r in calls[-1].tool_results())
    assert listed.splitlines() == ["deploy.sh", "lib/common.sh"]
    assert "rsync -a public/ web:/srv/site" in deploy
    assert "build_site() {" in common and "reload_caddy" not in common  # lines 1-3 only
    assert "not a readable project file" in secret
    assert "do-not-read" not in json.dumps([c.body for c in calls])
    # Every billed turn counts: in the calls as in the usage.
    assert report.model_calls == len(calls) == 5
    assert report.usage.input_tokens == sum(c.usage.prompt_tokens for c in calls)
    assert report.usage.output_tokens == sum(c.usage.output_tokens for c in calls)


def test_the_openai_runner_reads_two_files_through_tool_calls_before_pitching(
    tmp_path: Path, world: World
) -> None:
    with ChatCompletionsAPI(ANSWERS, FAKE_OPENAI_KEY, tool_calls={"Pitch": READING[1:3]}) as api:
        openai_world(world, tmp_path, api, shell_checkout(tmp_path / "deployer"))
        report = pitched(world)

    assert report.failed == []
    (pr,) = world.bot.list_pulls(OPS, state="all")
    assert PITCH["what_this_enables"] in pr.body
    *_, last = api.completions
    tools = [m for m in last.messages if m["role"] == "tool"]
    assert [m["tool_call_id"] for m in tools] == ["call_fake0001", "call_fake0002"]
    assert "rsync -a public/ web:/srv/site" in tools[0]["content"]
    assert "hugo --minify" in tools[1]["content"]
    assert [t["function"]["name"] for t in last.body["tools"]] == [
        "list_files", "read_file", "search"]  # fmt: skip
    assert "## Reading the code" in last.messages[1]["content"]
    assert report.model_calls == len(api.completions) == 3
    assert report.usage.input_tokens == sum(c.prompt_tokens for c in api.completions)


def test_a_strict_server_that_refuses_default_gets_a_schema_without_it(
    tmp_path: Path, world: World, checkout: Path
) -> None:
    # What the runner used to send: the fake refuses it as OpenAI does.
    openai_lib = pytest.importorskip("openai.lib")
    old = strict_problem(openai_lib.type_to_response_format_param(ForkProposal))
    assert old is not None and "'default' is not permitted" in old

    with ChatCompletionsAPI(ANSWERS, FAKE_OPENAI_KEY) as api:
        openai_world(world, tmp_path, api, checkout)
        number, report = approved(world)

    assert report.failed == []
    assert api.refused == []  # neither the Pitch nor the ForkProposal schema was refused
    assert all(c.body["response_format"]["type"] == "json_schema" for c in api.completions)
    assert "**Q1:** Where are wishlists kept?" in world.bot_comments(number)[-1]
    assert report.model_calls == 1


def test_an_empty_design_phase_is_retried_once_then_told_on_the_pr(
    tmp_path: Path, world: World, checkout: Path
) -> None:
    script = {**ANSWERS, "ForkProposal": [{}]}
    with MessagesAPI(script, FAKE_ANTHROPIC_KEY) as api:
        anthropic_world(world, tmp_path, api, checkout)
        number, report = approved(world)

    note = world.bot_comments(number)[-1]
    assert note.startswith("The architect could not propose the design questions: "
                           "the model's answer was not valid, twice")  # fmt: skip
    assert "no_fork_reason" in note  # the check's own words
    retry = text_of(api.model_calls()[-1].body["messages"][-1]["content"])
    assert "give at least one fork, or a no_fork_reason" in retry
    assert world.bot.list_issues(PROJECT, state="all", labels=["backlog"]) == []
    assert not world.bot.get_pull(OPS, number).merged
    # Both billed calls are counted, though neither answer was usable.
    assert report.model_calls == 2
    questions = api.model_calls()[-2:]
    assert report.usage.output_tokens == sum(c.usage.output_tokens for c in questions)


def test_a_refusal_is_told_on_the_vision_once_and_counted(
    tmp_path: Path, world: World, checkout: Path
) -> None:
    with MessagesAPI(ANSWERS, FAKE_ANTHROPIC_KEY, troubles={"Pitch": ["refusal"]}) as api:
        anthropic_world(world, tmp_path, api, checkout)
        report = pitched(world)
        again = world.tick()

    (vision,) = world.bot.list_issues(PROJECT, state="all", labels=["vision"])
    (note,) = world.bot_comments(vision.number, repo=PROJECT)
    assert note.startswith("The architect could not write the sprint pitch for this vision: "
                           "the model refused to answer")  # fmt: skip
    assert "I can't help with this request." in note
    assert world.bot.list_pulls(OPS, state="all") == []
    assert len(api.model_calls()) == 1  # a refusal is not asked again
    assert report.model_calls == 1
    assert report.usage.output_tokens == api.exchanges[0].usage.output_tokens
    assert again.model_calls == 0  # the note waits for a human


def test_a_cut_off_answer_is_asked_again_with_more_room_and_no_empty_turn(
    tmp_path: Path, world: World, checkout: Path
) -> None:
    with MessagesAPI(ANSWERS, FAKE_ANTHROPIC_KEY, troubles={"Pitch": ["max_tokens"]}) as api:
        anthropic_world(world, tmp_path, api, checkout)
        report = pitched(world)

    assert report.failed == []
    (pr,) = world.bot.list_pulls(OPS, state="all")
    assert PITCH["recommendation"] in pr.body
    cut, whole = api.model_calls()
    assert whole.body["max_tokens"] == 2 * cut.body["max_tokens"]
    assert [m["role"] for m in whole.body["messages"]] == ["user"]  # no empty assistant turn
    assert "was cut off" in text_of(whole.body["messages"][0]["content"])
    assert report.model_calls == 2  # both billed, though only the second was usable
    assert report.usage.output_tokens == cut.usage.output_tokens + whole.usage.output_tokens


def test_an_answer_cut_off_twice_is_told_on_the_vision(
    tmp_path: Path, world: World, checkout: Path
) -> None:
    troubles = {"Pitch": ["max_tokens", "max_tokens"]}
    with MessagesAPI(ANSWERS, FAKE_ANTHROPIC_KEY, troubles=troubles) as api:
        anthropic_world(world, tmp_path, api, checkout)
        report = pitched(world)

    (vision,) = world.bot.list_issues(PROJECT, state="all", labels=["vision"])
    (note,) = world.bot_comments(vision.number, repo=PROJECT)
    assert "the answer was cut off at the model's output limit, even with more room" in note
    assert report.model_calls == 2
    assert world.bot.list_pulls(OPS, state="all") == []


def test_an_overload_beyond_the_sdk_retries_defers_quietly_then_is_told(
    tmp_path: Path, world: World, checkout: Path
) -> None:
    with MessagesAPI(ANSWERS, FAKE_ANTHROPIC_KEY) as api:
        pr = approved_on(world, tmp_path, api, checkout)
        before = world.bot_comments(pr.number)
        api.troubles["ForkProposal"] = ["overloaded"] * 9  # 3 ticks, 3 attempts each
        quiet = [world.tick(), world.tick()]
        after_two = world.bot_comments(pr.number)
        store = SessionStore(world.config.architect.state_dir, world.config.name)
        record = store.load(f"pr-{pr.number}")
        assert record is not None and record.overloaded == 2  # counted in the PR's session file
        told = world.tick()
        api.troubles.clear()

    for report in quiet:
        assert report.failed and "HTTP 529" in report.failed[0][1]
        assert (report.model_calls, report.usage.input_tokens) == (0, 0)  # nothing billed
    assert after_two == before  # deferred without a note
    note = world.bot_comments(pr.number)[-1]
    assert note.startswith("The architect could not propose the design questions: the model's "
                           "API has been overloaded")  # fmt: skip
    assert told.model_calls == 0
    assert len(api.refused) == 9
    record = store.load(f"pr-{pr.number}")
    assert record is not None and record.overloaded == 0  # told once; the count starts again


def test_a_model_that_keeps_running_past_model_timeout_is_told_once_then_left_alone(
    tmp_path: Path, world: World, checkout: Path
) -> None:
    with MessagesAPI(ANSWERS, FAKE_ANTHROPIC_KEY) as api:
        pr = approved_on(world, tmp_path, api, checkout)
        # Short enough that the runaway answer outlives it, long enough for a busy core.
        settings = world.config.architect.model_copy(update={"model_timeout": timedelta(
            seconds=RUNAWAY_S / 2)})
        world.config = world.config.model_copy(update={"architect": settings})
        world.runner = runner_for(world, model_env(world, tmp_path, ANTHROPIC_API_KEY=(
            FAKE_ANTHROPIC_KEY), ANTHROPIC_BASE_URL=api.url))
        before = world.bot_comments(pr.number)
        api.troubles["ForkProposal"] = ["runaway"] * 3
        quiet = [world.tick(), world.tick()]
        after_two = world.bot_comments(pr.number)
        told = world.tick()
        left_alone = world.tick()

    for report in quiet:
        assert report.failed and "model_timeout" in report.failed[0][1]
        assert report.model_calls == 1  # the cancelled request was asked: it counts
    assert after_two == before  # a runaway now and then is retried without a word
    note = world.bot_comments(pr.number)[-1]
    assert note.startswith("The architect could not propose the design questions: the model "
                           "gave no answer within `model_timeout` for several ticks in a row")
    assert told.failed and told.model_calls == 1
    # Not asked again before a reply, and nothing else left to do.
    assert left_alone.model_calls == 0 and left_alone.decision.actions == ()
    assert len(world.bot_comments(pr.number)) == len(before) + 1  # said once
    store = SessionStore(world.config.architect.state_dir, world.config.name)
    record = store.load(f"pr-{pr.number}")
    assert record is not None and record.timed_out == 0  # told once; the count starts again


def test_a_pitch_that_stays_overloaded_is_told_on_the_vision(
    tmp_path: Path, world: World, checkout: Path
) -> None:
    with MessagesAPI(ANSWERS, FAKE_ANTHROPIC_KEY, troubles={"Pitch": ["overloaded"] * 9}) as api:
        anthropic_world(world, tmp_path, api, checkout)
        vision = world.vision(VISION_TITLE, VISION_BODY)
        quiet = [world.tick(), world.tick()]
        after_two = world.bot_comments(vision, repo=PROJECT)
        store = SessionStore(world.config.architect.state_dir, world.config.name)
        record = store.load(f"vision-{vision}")
        assert record is not None and record.overloaded == 2  # no PR yet: the vision counts
        told = world.tick()
        on_hold = world.tick()  # the note waits for a human: no call, no second note
        api.troubles.clear()
        world.comment(vision, "The API should be back now.", repo=PROJECT)
        pitched_now = world.tick()

    for report in quiet:
        assert report.failed and "HTTP 529" in report.failed[0][1]
    assert after_two == []  # deferred without a note
    assert told.model_calls == on_hold.model_calls == 0
    (note, *_) = world.bot_comments(vision, repo=PROJECT)
    assert note.startswith("The architect could not write the sprint pitch for this vision: "
                           "the model's API has been overloaded")  # fmt: skip
    # One note about the overload, told once; the other is the vision's story (its pitch).
    notes = world.bot_comments(vision, repo=PROJECT)
    assert sum("overloaded" in n for n in notes) == 1
    assert len(notes) == 2 and "story event=pitched" in notes[1]
    assert len(api.refused) == 9
    assert pitched_now.failed == [] and pitched_now.model_calls == 1
    (pr,) = world.bot.list_pulls(OPS, state="all")
    assert PITCH["recommendation"] in pr.body
    assert store.load(f"vision-{vision}") is None  # a pitch went through: the counter is gone


def test_a_refused_call_counts_toward_max_cost_per_tick(
    tmp_path: Path, world: World, checkout: Path
) -> None:
    with MessagesAPI(ANSWERS, FAKE_ANTHROPIC_KEY, troubles={"Pitch": ["refusal"] * 3}) as api:
        anthropic_world(world, tmp_path, api, checkout)
        with_model(world, checkout, max_cost_per_tick=0.001)
        for title in ("Wishlists", "Gift cards", "Coupons"):
            world.vision(title, VISION_BODY)
        report = world.tick()

    assert len(api.model_calls()) == 1  # the refused call spent the budget
    assert report.model_calls == 1
    assert report.usage.cost_usd is not None and report.usage.cost_usd > 0.001
    assert sum("max_cost_per_tick ($0.00) reached" in why for _, why in report.failed) == 2
    assert world.bot.list_pulls(OPS, state="all") == []


def test_the_models_reasoning_is_never_shown_to_the_humans(
    tmp_path: Path, world: World, checkout: Path
) -> None:
    thought = "Private: the team seems unsure about Postgres."
    script = {**ANSWERS, "ForkProposal": [{"reasoning": thought, **ANSWERS["ForkProposal"][0]}]}
    with MessagesAPI(script, FAKE_ANTHROPIC_KEY) as api:
        anthropic_world(world, tmp_path, api, checkout)
        number, report = approved(world)

    assert report.failed == []
    assert "**Q1:** Where are wishlists kept?" in world.bot_comments(number)[-1]
    shown = [*world.comments(number), world.bot.get_pull(OPS, number).body]
    assert not any(thought in text for text in shown)


def test_a_refusal_in_answers_mode_is_told_as_a_refusal_with_the_providers_words(
    tmp_path: Path, world: World, checkout: Path
) -> None:
    with MessagesAPI(ANSWERS, FAKE_ANTHROPIC_KEY, troubles={"AnswerRound": ["refusal"]}) as api:
        anthropic_world(world, tmp_path, api, checkout)
        number, report = approved(world)
        assert report.failed == []
        world.comment(number, "For storage: the database please, we already run Postgres.")
        answered = world.tick()

    note = world.bot_comments(number)[-1]
    assert "(it refused: I can't help with this request. " in note
    assert REFUSED in note and "general_harms" in note
    assert "invalid twice" not in note and "(no reason given)" not in note
    assert answered.model_calls == 1  # a refusal is not asked again


def test_an_openai_503_is_an_overload_deferred_quietly(
    tmp_path: Path, world: World, checkout: Path
) -> None:
    with ChatCompletionsAPI(ANSWERS, FAKE_OPENAI_KEY, troubles={"Pitch": ["unavailable"] * 3}
                            ) as chat:  # fmt: skip
        openai_world(world, tmp_path, chat, checkout)
        report = pitched(world)

    assert report.failed and "HTTP 503" in report.failed[0][1]
    assert (report.model_calls, report.usage.input_tokens) == (0, 0)
    (vision,) = world.bot.list_issues(PROJECT, state="all", labels=["vision"])
    assert world.bot_comments(vision.number, repo=PROJECT) == []  # deferred, no note yet


def test_each_tool_turn_reads_the_earlier_ones_from_the_cache_and_a_retry_reads_no_code_again(
    tmp_path: Path, world: World
) -> None:
    troubles = {"Pitch": ["max_tokens"]}
    with MessagesAPI(ANSWERS, FAKE_ANTHROPIC_KEY, tool_calls={"Pitch": READING[:3]},
                     troubles=troubles) as api:  # fmt: skip
        anthropic_world(world, tmp_path, api, shell_checkout(tmp_path / "deployer"))
        report = pitched(world)

    assert report.failed == []
    calls = api.model_calls()
    # Three reads, the cut-off answer, the retry: the retry keeps what was read.
    assert [c.stop_reason for c in calls] == ["tool_use"] * 3 + ["max_tokens", "end_turn"]
    retry = calls[-1]
    assert len(retry.tool_results()) == 3
    assert "was cut off" in text_of(retry.body["messages"][-1]["content"])
    # Every request after the first reads all the one before it sent from the cache.
    for before, after in itertools.pairwise(calls):
        assert after.usage.cache_read_input_tokens == before.usage.prompt_tokens
    assert report.model_calls == 5
