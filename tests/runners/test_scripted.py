"""The scripted runner: answers from a script, validated like a real model's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from architect.core.schemas import ForkProposal, Pitch, Verdict
from architect.errors import ConfigError, InvalidModelOutput, RunnerFailed
from architect.runners.base import Mode, ModelRequest, ModelResult, Runner, Usage
from architect.runners.offline import OfflinePlanner
from architect.runners.registry import make_runner
from architect.runners.scripted import ScriptedRunner
from tests.runners.offline import helpers as h

PITCH: dict[str, Any] = {
    "what_this_enables": "Exports.",
    "what_exists_today": "Nothing.",
    "complexity": "S",
    "risks": "None.",
    "cost_new_infra": "None.",
    "verdict": "GO",
    "recommendation": "Do it.",
}
VISION = "Export notes.\n\n- [ ] Add `notes export`\n"


def ask(runner: Runner, mode: Mode = Mode.PITCH) -> ModelResult[Any]:
    return runner.run(h.request(mode, h.planner_inputs(VISION)))


def test_dicts_objects_and_raw_text_are_validated_in_turn() -> None:
    raw = "Sure! Here is the pitch:\n```json\n" + json.dumps({**PITCH, "complexity": "M"}) + "\n```"
    runner = ScriptedRunner({Mode.PITCH: [PITCH, Pitch(**{**PITCH, "risks": "Some."}), raw]})

    outputs = [ask(runner).output for _ in range(3)]

    assert [o.complexity for o in outputs] == ["S", "S", "M"]
    assert outputs[1].risks == "Some." and all(isinstance(o, Pitch) for o in outputs)
    assert runner.calls == 3 and runner.remaining(Mode.PITCH) == 0


def test_a_scripted_result_keeps_its_usage_and_session() -> None:
    scripted = ModelResult(output=Pitch(**PITCH), usage=Usage(10, 20, 0.5), session_id="s-1")
    result = ask(ScriptedRunner({Mode.PITCH: [scripted]}))

    assert result.usage == Usage(10, 20, 0.5) and result.session_id == "s-1"
    assert result.output.verdict is Verdict.GO


def test_a_callable_answers_from_the_request() -> None:
    def echo_title(request: ModelRequest[Any]) -> dict[str, Any]:
        return {**PITCH, "what_this_enables": request.inputs.vision.title}

    assert ask(ScriptedRunner({Mode.PITCH: [echo_title]})).output.what_this_enables == "A vision"


def test_an_invalid_answer_is_retried_once_with_the_next_one() -> None:
    runner = ScriptedRunner({Mode.PITCH: ["I think you should GO.", PITCH, PITCH]})

    assert ask(runner).output.recommendation == "Do it."
    assert (runner.calls, runner.attempts, runner.remaining(Mode.PITCH)) == (1, 2, 1)


def test_two_invalid_answers_are_invalid_model_output() -> None:
    runner = ScriptedRunner({Mode.PITCH: [{"verdict": "MAYBE"}, "<think>hmm</think>{}"]})

    with pytest.raises(InvalidModelOutput, match="Pitch answer did not validate twice") as caught:
        ask(runner)
    assert "what_this_enables" in str(caught.value)


def test_an_invalid_answer_with_nothing_left_to_retry_is_invalid_model_output() -> None:
    runner = ScriptedRunner({Mode.PITCH: ["not json"]}, fallback=OfflinePlanner())
    with pytest.raises(InvalidModelOutput, match="holds no JSON object"):
        ask(runner)


def test_a_scripted_exception_is_raised() -> None:
    runner = ScriptedRunner({Mode.PITCH: [RunnerFailed("the API timed out"), PITCH]})

    with pytest.raises(RunnerFailed, match="timed out"):
        ask(runner)
    assert ask(runner).output.verdict is Verdict.GO


def test_an_empty_queue_goes_to_the_fallback_or_fails() -> None:
    with_fallback = ScriptedRunner({Mode.PITCH: [PITCH]}, fallback=OfflinePlanner())
    bare = ScriptedRunner()

    assert ask(with_fallback).output.recommendation == "Do it."
    offline = ask(with_fallback).output
    assert "offline planner" in offline.recommendation
    assert isinstance(ask(with_fallback, Mode.QUESTIONS).output, ForkProposal)
    with pytest.raises(RunnerFailed, match="no scripted answer left for mode pitch"):
        ask(bare)


def test_every_request_is_recorded() -> None:
    runner = ScriptedRunner({Mode.PITCH: [PITCH]}, fallback=OfflinePlanner())
    ask(runner)
    ask(runner, Mode.FILE)
    runner.add(Mode.FILE, {"sub_issues": []})
    ask(runner, Mode.FILE)

    assert [r.mode for r in runner.requests] == [Mode.PITCH, Mode.FILE, Mode.FILE]
    assert runner.requests[0].inputs.vision.body == VISION
    assert runner.calls == 3


def test_sessions_are_dropped_and_forwarded() -> None:
    class Recorder(OfflinePlanner):
        def __init__(self) -> None:
            super().__init__()
            self.dropped: list[str] = []

        def drop_session(self, session_key: str) -> None:
            self.dropped.append(session_key)

    fallback = Recorder()
    runner = ScriptedRunner(fallback=fallback)
    runner.check_ready()
    runner.drop_session("pr-12")

    assert runner.dropped_sessions == ["pr-12"] and fallback.dropped == ["pr-12"]


def test_the_registry_builds_both_by_name(tmp_path: Path) -> None:
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"pitch": [{"error": "boom"}, PITCH]}), encoding="utf-8")
    common: dict[str, Any] = {"model_name": "", "state_dir": tmp_path, "project": "demo"}

    offline = make_runner("offline", env={}, **common)
    scripted = make_runner("scripted", env={"ARCHITECT_SCRIPT": str(script)}, **common)
    strict = make_runner("scripted", env={"ARCHITECT_SCRIPT_FALLBACK": "none"}, **common)

    assert isinstance(offline, OfflinePlanner)
    with pytest.raises(RunnerFailed, match="boom"):
        ask(scripted)
    assert ask(scripted).output.recommendation == "Do it."
    assert "offline planner" in ask(scripted).output.recommendation
    with pytest.raises(RunnerFailed):
        ask(strict)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not a readable JSON file"),
        ('["pitch"]', "expected an object"),
        ('{"poem": []}', "'poem' is not a mode"),
    ],
)
def test_a_bad_script_file_is_a_config_error(tmp_path: Path, content: str, message: str) -> None:
    script = tmp_path / "script.json"
    script.write_text(content, encoding="utf-8")
    with pytest.raises(ConfigError, match=message):
        make_runner(
            "scripted",
            model_name="",
            state_dir=tmp_path,
            project="demo",
            env={"ARCHITECT_SCRIPT": str(script)},
        )
