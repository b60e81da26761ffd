"""Plan-quality bench (issue 14): whole sprints on sample projects, scored by fixed checks.

For each sample project in bench/samples/ (a Python CLI, a shell deploy tool,
a Go service, a JavaScript web app, a docs-only repo), on a fresh embedded
forge: a human files the sample's vision; the architect pitches; the human
accepts; the architect asks its design questions; the human answers `yes`
(every recommendation) until no fork is open; the architect files the
sub-issues and merges. What came out is scored by `plan_checks` (pitch
sections, well-formed forks, acceptance criteria, affected files that exist,
acyclic dependencies, the `max_sub_issues` limit, every decision stated in a
sub-issue, no near-duplicate titles) and printed as a table with the model's
tokens and cost.

    .venv/bin/python bench/plan_quality.py                  # the offline planner
    .venv/bin/python bench/plan_quality.py --fake anthropic # the real SDK, a loopback fake API
    .venv/bin/python bench/plan_quality.py --fake openai
    .venv/bin/python bench/plan_quality.py --fake anthropic --read-code  # with tool turns
    ANTHROPIC_API_KEY=… .venv/bin/python bench/plan_quality.py --model anthropic \\
        --model-name claude-opus-5-5                        # a real model: billed

A fake API answers what the offline planner answered for the same sample
(recorded by a first, offline play), through the real runner, prompts and
SDK: the scores then check the pipeline, and the tokens are estimates. With
`--read-code` the fake model first reads the sample's code through the
runner's tools (`READS`: a few files a mode), as a real model does.

The last table is what the input costs: the raw input tokens, those read from
and written to the prompt cache (as the fake simulates it), and the
billed-equivalent input, each token weighted by its price ratio to a plain
input token (`CACHE_RATIOS`). Exit status 1 when a check fails.
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import sys
import tempfile
import textwrap
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx
from pydantic import BaseModel

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "src"), str(ROOT / "bench")]

from plan_cases import CASES, CaseWorld  # noqa: E402
from plan_checks import Check, FiledIssue, Score, Sprint, score  # noqa: E402

from architect.app.wiring import project_runner, utc_now  # noqa: E402
from architect.config import ProjectConfig, load_config, load_secrets  # noqa: E402
from architect.core.schemas import (  # noqa: E402
    AnswerRound,
    ForkProposal,
    ProposedFork,
    SubIssue,
    SubIssuePlan,
)
from architect.emulator import EmbeddedForge  # noqa: E402
from architect.emulator.setup import ForgeSetup  # noqa: E402
from architect.forge.client import ForgeClient  # noqa: E402
from architect.runners.base import ModelRequest, ModelResult, Runner, Usage  # noqa: E402
from architect.shell.tick import run_tick  # noqa: E402
from tests.e2e.runners.chat_api import ChatCompletionsAPI  # noqa: E402
from tests.e2e.runners.messages_api import MessagesAPI, ToolCall  # noqa: E402
from tests.e2e.runners.sprint import Metered  # noqa: E402

SAMPLES = ROOT / "bench" / "samples"
BASE = "http://forge.plan-bench"
PROJECT, OPS, BOT, HUMAN = "acme/app", "acme/app-ops", "architect-bot", "alice"
MAX_TICKS = 8  # pitch, questions, a few answer rounds, filing: more means it is stuck
FAKE_KEYS = {"anthropic": "sk-ant-bench-fake", "openai": "sk-openai-bench-fake-0123456789"}
FAKE_MODELS = {"anthropic": "claude-opus-5-5", "openai": "gpt-4.1"}
# (cache read, cache write) per input token's price. Anthropic ("Prompt caching", pricing):
# reads 0.1x, 5-minute writes 1.25x the base input price. OpenAI (API pricing): cached
# input of gpt-4.1 is $0.50 against $2.00 (0.25x); writes cost nothing extra.
CACHE_RATIOS = {"anthropic": (0.1, 1.25), "openai": (0.25, 1.0)}
def _read(path: str) -> tuple[str, dict[str, Any]]:
    return "read_file", {"path": path, "start_line": None, "end_line": None}


_LIST = ("list_files", {"glob": "**"})
# What the fake model reads before each answer with --read-code (paths of every sample are
# tried; a file a sample lacks is answered "not a readable project file", as a real miss is).
READS: dict[str, tuple[tuple[str, dict[str, Any]], ...]] = {
    "Pitch": (_LIST, _read("AGENTS.md"), _read("bin/factory"), _read("lib/agents.sh"),
              _read("lib/forge.sh"), _read("agents/dev/run.sh")),
    "ForkProposal": (_read("VISION.md"), _read("lib/lock.sh"), _read("lib/config.sh"),
                     _read("conf/factory.conf")),
    "AnswerRound": (("search", {"pattern": "flock|lock", "glob": None}),),
    "SubIssuePlan": (("list_files", {"glob": "tests/**"}), _read("tests/lock.bats"),
                     _read("tests/forge.bats")),
}
T = TypeVar("T", bound=BaseModel)


@dataclass(frozen=True)
class Sample:
    name: str
    title: str
    vision: str
    repo: Path


def samples(names: list[str] | None = None) -> list[Sample]:
    found = []
    for folder in sorted(p for p in SAMPLES.iterdir() if (p / "vision.md").is_file()):
        if names and folder.name not in names:
            continue
        first, _, body = (folder / "vision.md").read_text().partition("\n")
        found.append(Sample(folder.name, first.lstrip("# ").strip(), body.strip(),
                            folder / "repo"))
    return found


@dataclass
class Recorder(Metered):
    """The metered runner under test, keeping each answer: a fake API's script, the forks."""

    answers: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    forks: list[ProposedFork] = field(default_factory=list)
    plans: list[tuple[SubIssue, ...]] = field(default_factory=list)

    def run(self, request: ModelRequest[T]) -> ModelResult[T]:
        result = super().run(request)
        out: BaseModel = result.output
        self.answers.setdefault(type(out).__name__, []).append(out.model_dump(mode="json"))
        if isinstance(out, ForkProposal):
            self.forks += out.forks[:5]
        elif isinstance(out, AnswerRound):
            self.forks += out.follow_ups[:5]
        elif isinstance(out, SubIssuePlan):
            self.plans.append(tuple(out.sub_issues))
        return result

    @property
    def steps(self) -> dict[str, Usage]:
        """Usage per mode, in the order the modes were first asked."""
        steps: dict[str, Usage] = {}
        for mode, _, usage in self.calls:
            steps[mode.value] = steps.get(mode.value, Usage()) + usage
        return steps


@dataclass
class Played:
    sample: Sample
    runner: str
    sprint: Sprint | None
    usage: Usage = field(default_factory=Usage)
    calls: int = 0
    ticks: int = 0
    error: str = ""
    script: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    steps: dict[str, Usage] = field(default_factory=dict)
    cached: dict[str, int] = field(default_factory=dict)  # input tokens read from the cache
    written: dict[str, int] = field(default_factory=dict)  # input tokens written to it

    @property
    def score(self) -> Score:
        return score(self.sprint) if self.sprint is not None else Score()


class Forge:
    """A fresh embedded forge with the sample's project and ops repos."""

    def __init__(self, sample: Sample) -> None:
        self.forge = EmbeddedForge()
        self.http = httpx.Client(transport=httpx.WSGITransport(app=self.forge.wsgi), base_url=BASE)
        setup = ForgeSetup(self.http, self.forge.admin_token)
        self.tokens = {login: setup.create_user(login) for login in ("acme", BOT, HUMAN)}
        for repo in (PROJECT, OPS):
            setup.create_repo("acme", repo.split("/")[1])
            for login in (BOT, HUMAN):
                setup.add_collaborator(repo, login, "write")
        for label, color in (("vision", "5319e7"), ("in-progress", "fbca04"),
                             ("backlog", "0e8a16")):
            setup.create_label(PROJECT, label, color)
        for doc in ("VISION.md", "AGENTS.md"):
            if (sample.repo / doc).is_file():
                setup.put_file(PROJECT, doc, (sample.repo / doc).read_text())
        self.setup = setup

    def client(self, login: str) -> ForgeClient:
        return ForgeClient(BASE, self.tokens[login],
                           transport=httpx.WSGITransport(app=self.forge.wsgi))

    def close(self) -> None:
        self.http.close()


def config_for(sample: Sample, tmp: Path, model: str, model_name: str,
               extra: Mapping[str, str], *, with_code: bool = True) -> ProjectConfig:
    settings = {"model_name": model_name, **extra} if model_name else dict(extra)
    lines = [f'{key} = "{value}"' for key, value in settings.items()]
    path = tmp / f"{sample.name}.toml"
    path.write_text(textwrap.dedent(f"""\
        name = "{sample.name}"
        repo = "{PROJECT}"
        ops_repo = "{OPS}"
        forge_url = "{BASE}"
        primary_branch = "main"
        {f'repo_root = "{sample.repo}"' if with_code else ""}

        [architect]
        model = "{model}"
        min_available_mb = 0
        state_dir = "{tmp / 'state' / sample.name}"
        """) + "\n".join(lines) + "\n")
    return load_config(path, {})


def play(sample: Sample, runner: Runner, config: ProjectConfig,
         between: Callable[[], None] = lambda: None) -> Played:
    """One sprint for the sample, the human scripted: file, accept, take every recommendation."""
    forge = Forge(sample)
    meter = Recorder(runner)
    played = Played(sample, runner.name, None)
    try:
        with forge.client(BOT) as bot, forge.client(HUMAN) as human:
            vision = human.create_issue(PROJECT, title=sample.title, body=sample.vision,
                                        label_ids=[_label(human, "vision")])
            for _ in range(MAX_TICKS):
                if played.ticks:
                    between()  # the humans answered: with --hours-apart, hours passed
                report = run_tick(bot, meter, config, utc_now)
                played.ticks += 1
                played.usage = played.usage + report.usage
                played.calls += report.model_calls
                if report.failed:
                    played.error = "; ".join(why for _, why in report.failed)[:300]
                    break
                pr = next(iter(bot.list_pulls(OPS, state="all")), None)
                if pr is None or pr.merged or pr.state != "open":
                    break
                _human_turn(bot, human, pr.number)
            pr = next(iter(bot.list_pulls(OPS, state="all")), None)
            filed = tuple(FiledIssue(i.number, i.title, i.body) for i in sorted(
                bot.list_issues(PROJECT, state="all", labels=["backlog"]),
                key=lambda i: i.number) if f"Decomposed from #{vision.number}" in i.body)
            played.sprint = Sprint(
                pitch=pr.body if pr is not None else "", forks=tuple(meter.forks),
                plan=meter.plans[-1] if meter.plans else (), filed=filed, repo=sample.repo,
                max_sub_issues=config.architect.max_sub_issues,
                merged=bool(pr is not None and pr.merged))
    finally:
        forge.close()
        forge.forge.stop()
    played.script = meter.answers
    played.steps = meter.steps
    return played


def play_case(name: str, sample: Sample, config: ProjectConfig) -> list[Check]:
    """One lifecycle case of `plan_cases` on the sample, with the offline planner, on a
    copy of the sample's code (a case may edit it, as a person pushing a change)."""
    if config.repo_root is not None:
        checkout = Path(tempfile.mkdtemp(prefix="plan-case-")) / "repo"
        shutil.copytree(config.repo_root, checkout)
        config = config.model_copy(update={"repo_root": checkout})
    forge = Forge(sample)
    runner = project_runner(config, load_secrets({}), {})
    try:
        with forge.client(BOT) as bot, forge.client(HUMAN) as human:
            vision = human.create_issue(PROJECT, title=sample.title, body=sample.vision,
                                        label_ids=[_label(human, "vision")])
            world = CaseWorld(
                bot, human,
                lambda pr, event, body: forge.setup.review(OPS, pr, event, body,
                                                           token=forge.tokens[HUMAN]),
                lambda: _tick(bot, runner, config),
                PROJECT, OPS, BOT, vision.number, sample.vision, config.repo_root)
            return CASES[name](world)
    except Exception as exc:  # a case that breaks is a failed check, not a broken bench
        return [Check(f"{name}: played to the end", False, repr(exc)[:200])]
    finally:
        forge.close()
        forge.forge.stop()


def _tick(bot: ForgeClient, runner: Runner, config: ProjectConfig) -> None:
    report = run_tick(bot, runner, config, utc_now)
    if report.failed:
        raise RuntimeError("; ".join(why for _, why in report.failed)[:200])


def _fresh(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def cases_table(results: list[tuple[str, Sample, list[Check]]]) -> str:
    head = ("case", "sample", "checks", "failed checks")
    lines = [head] + [(name, sample.name, f"{sum(c.ok for c in checks)}/{len(checks)}",
                       "; ".join(f"{c.name} ({c.why})" if c.why else c.name
                                 for c in checks if not c.ok) or "-")
                      for name, sample, checks in results]
    widths = [max(len(line[i]) for line in lines) for i in range(len(head) - 1)]
    out = ["  ".join([*(c.ljust(w) for c, w in zip(line[:-1], widths, strict=True)), line[-1]])
           for line in lines]
    return "\n".join([out[0], "-" * len(out[0]), *out[1:]])


def _label(client: ForgeClient, name: str) -> int:
    return next(label.id for label in client.list_labels(PROJECT) if label.name == name)


def _human_turn(bot: ForgeClient, human: ForgeClient, pr: int) -> None:
    """Accept a fresh pitch; answer open design questions with every recommendation."""
    comments = bot.list_comments(OPS, pr)
    last_bot = next((c for c in reversed(comments) if c.user.login == BOT), None)
    if last_bot is None or (comments and comments[-1].user.login != BOT):
        return
    if "Reply `ACCEPT`" in last_bot.body:
        human.create_comment(OPS, pr, "ACCEPT")
    elif "Still open:" in last_bot.body or "Design questions before" in last_bot.body:
        human.create_comment(OPS, pr, "yes")


# Runners


MODES = {"Pitch": "pitch", "RevisedPitch": "revise", "ForkProposal": "questions",
         "AnswerRound": "answers", "SubIssuePlan": "file"}


@dataclass
class FakeSettings:
    """What a fake API gives the run: the config and env values, and its cache's expiry."""

    values: dict[str, str]
    expire_cache: Callable[[], None]


@contextmanager
def fake_api(kind: str, script: Mapping[str, list[dict[str, Any]]], played: Played, *,
             read_code: bool = False) -> Iterator[FakeSettings]:
    """A loopback fake of the provider's API playing `script`; yields the config and env.

    On leaving, `played.cached` and `played.written` hold the input tokens each
    step read from and wrote to the prompt cache, as the fake simulates it (the
    providers' 1,024-token minimum included).
    """
    key = FAKE_KEYS[kind]
    reads = {schema: [ToolCall(name, args) for name, args in calls]
             for schema, calls in READS.items()} if read_code else {}
    counts: list[tuple[str | None, int, int]]
    if kind == "anthropic":
        with MessagesAPI(script, key, tool_calls=reads) as api:
            yield FakeSettings({"ANTHROPIC_API_KEY": key, "ANTHROPIC_BASE_URL": api.url},
                               api.expire_cache)
        counts = [(e.schema, e.usage.cache_read_input_tokens, e.usage.cache_creation_input_tokens)
                  for e in api.exchanges]
    else:
        with ChatCompletionsAPI(script, key, tool_calls=reads) as chat:
            yield FakeSettings({"OPENAI_API_KEY": key, "openai_base_url": f"{chat.url}/v1"},
                               chat.expire_cache)
        counts = [(c.schema, c.cached_tokens, 0) for c in chat.completions]
    for schema, read, written in counts:
        step = MODES.get(schema or "", "other")
        played.cached[step] = played.cached.get(step, 0) + read
        played.written[step] = played.written.get(step, 0) + written


def run_sample(sample: Sample, tmp: Path, *, model: str, model_name: str,
               fake: str | None, read_code: bool = False, with_code: bool = True,
               hours_apart: bool = False) -> Played:
    offline = config_for(sample, tmp, "offline", "", {})
    if model == "offline" and fake is None:
        return play(sample, project_runner(offline, load_secrets({}), {}), offline)
    if fake is None:
        env = dict(os.environ)
        config = config_for(sample, tmp, model, model_name, {})
        return play(sample, project_runner(config, load_secrets(env), env), config)
    recorded = play(sample, project_runner(offline, load_secrets({}), {}), offline)
    counted = Played(sample, fake, None)
    with fake_api(fake, recorded.script, counted, read_code=read_code) as fake_settings:
        settings = fake_settings.values
        env = {k: v for k, v in settings.items() if k.isupper()}
        extra = {k: v for k, v in settings.items() if not k.isupper()}
        config = config_for(sample, tmp, fake, FAKE_MODELS[fake], extra, with_code=with_code)
        between = fake_settings.expire_cache if hours_apart else (lambda: None)
        played = play(sample, project_runner(config, load_secrets(env), env), config, between)
    played.cached, played.written = counted.cached, counted.written
    return played


# The table


def table(rows: list[Played]) -> str:
    head = ("sample", "runner", "checks", "calls", "in tok", "out tok", "cost", "failed checks")
    lines = [head]
    for p in rows:
        cost = "-" if p.usage.cost_usd is None else f"${p.usage.cost_usd:.4f}"
        failed = p.error or "; ".join(f"{c.name}: {c.why}" for c in p.score.failed) or "-"
        lines.append((p.sample.name, p.runner, f"{p.score.passed}/{len(p.score.checks)}",
                      str(p.calls), f"{p.usage.input_tokens:,}", f"{p.usage.output_tokens:,}",
                      cost, failed))
    widths = [max(len(line[i]) for line in lines) for i in range(len(head) - 1)]
    out = ["  ".join(cell.ljust(w) for cell, w in zip(line[:-1], widths, strict=True))
           + "  " + line[-1] for line in lines]
    return "\n".join([out[0], "-" * len(out[0]), *out[1:]])


def per_step_table(rows: list[Played], title: str,
                   tokens: Callable[[Played, str], int]) -> str:
    """`tokens` of each step (mode), per sample, under a header row titled `title`."""
    modes = list(dict.fromkeys(m for p in rows for m in p.steps))
    lines = [f"{title:<23}" + "  ".join(f"{m:>9}" for m in modes)]
    for p in rows:
        cells = "  ".join(f"{tokens(p, m):>9,}" for m in modes)
        lines.append(f"{p.sample.name:<23}{cells}")
    return "\n".join(lines)


def steps_table(rows: list[Played]) -> str:
    """Input tokens of each step (mode), per sample: where a sprint's prompt budget goes."""
    return per_step_table(rows, "input tokens per step:",
                          lambda p, m: p.steps[m].input_tokens if m in p.steps else 0)


def cache_table(rows: list[Played]) -> str:
    """Input tokens of each step read from the prompt cache: the stable prefix at work."""
    return per_step_table(rows, "read from the cache:", lambda p, m: p.cached.get(m, 0))


def billed_input(p: Played) -> float:
    """The input as billed, in plain input tokens: cache reads and writes at their ratios."""
    read_ratio, write_ratio = CACHE_RATIOS.get(p.runner, (1.0, 1.0))
    read, written = sum(p.cached.values()), sum(p.written.values())
    fresh = p.usage.input_tokens - read - written
    return fresh + read * read_ratio + written * write_ratio


def billed_table(rows: list[Played]) -> str:
    """Per sample and provider: raw input, cached, written, and the billed-equivalent input."""
    head = ("sample", "runner", "calls", "in tok", "cache read", "cache write", "billed-eq",
            "of raw", "ratios (read, write)")
    lines = [head]
    for p in rows:
        billed = billed_input(p)
        raw = p.usage.input_tokens
        read_ratio, write_ratio = CACHE_RATIOS.get(p.runner, (1.0, 1.0))
        lines.append((p.sample.name, p.runner, str(p.calls), f"{raw:,}",
                      f"{sum(p.cached.values()):,}", f"{sum(p.written.values()):,}",
                      f"{billed:,.0f}", f"{billed / raw:.0%}" if raw else "-",
                      f"{read_ratio:g}x, {write_ratio:g}x"))
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    out = ["  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip()
           for line in lines]
    return "\n".join([out[0], "-" * len(out[0]), *out[1:]])


def ok(rows: list[Played]) -> bool:
    return all(not p.error and p.sprint is not None and not p.score.failed for p in rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="offline",
                        help="offline (default), anthropic, openai or claude-cli")
    parser.add_argument("--model-name", default="", help="the provider's model name")
    parser.add_argument("--fake", choices=sorted(FAKE_KEYS),
                        help="play against a loopback fake of this provider's API")
    parser.add_argument("--sample", action="append", help="only these samples (repeatable)")
    parser.add_argument("--read-code", action="store_true",
                        help="with --fake: the model reads the code through the tools first")
    parser.add_argument("--hours-apart", action="store_true",
                        help="with --fake: the prompt cache expires between ticks, as it does "
                             "when humans answer hours later")
    parser.add_argument("--no-cases", action="store_true",
                        help="skip the lifecycle cases (revision, staleness)")
    parser.add_argument("--without-code", action="store_true",
                        help="no repo_root: no code summary, no code tools")
    args = parser.parse_args(argv)
    chosen = samples(args.sample)
    if not chosen:
        parser.error(f"no sample matches; the samples are in {SAMPLES}")
    with tempfile.TemporaryDirectory(prefix="architect-plan-bench-") as tmp:
        rows = [run_sample(s, Path(tmp), model=args.model, model_name=args.model_name,
                           fake=args.fake, read_code=args.read_code,
                           with_code=not args.without_code, hours_apart=args.hours_apart)
                for s in chosen]
        # The lifecycle cases play the offline planner: they check the architect's own
        # handling of a revision and an edited vision, not a model's prose.
        plays = args.fake is None and args.model == "offline" and not args.no_cases
        cases = [(name, s, play_case(name, s, config_for(s, _fresh(Path(tmp) / name),
                                                          "offline", "", {})))
                 for s in chosen for name in CASES] if plays else []
    print(table(rows))
    if cases:
        print("\n" + cases_table(cases))
    if any(p.usage.input_tokens for p in rows):
        print("\n" + steps_table(rows))
    if any(p.cached for p in rows):
        print("\n" + cache_table(rows))
    if args.fake is not None:
        print("\n" + billed_table(rows))
    good = ok(rows) and all(c.ok for _, _, checks in cases for c in checks)
    print("\nevery check passed" if good else "\nSOME CHECKS FAILED")
    return 0 if good else 1


if __name__ == "__main__":
    # The tick logs what it does; the table is the bench's output. (Not in `main`,
    # which the suite calls: the logger is the process's.)
    quiet = logging.getLogger("architect")
    quiet.addHandler(logging.NullHandler())
    quiet.propagate = False
    sys.exit(main())
