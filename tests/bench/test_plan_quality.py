"""bench/plan_quality.py runs in CI: every sample with the offline planner, the realistic
one through each fake provider API; and its checks catch the plans they are there to catch."""

from __future__ import annotations

from pathlib import Path

import plan_checks
import plan_quality
import pytest

from architect.core.schemas import Option, ProposedFork, SubIssue

SAMPLE_KINDS = {"python-cli", "shell-deploy", "go-service", "js-webapp", "docs-only",
                "shell-factory"}
REALISTIC = "shell-factory"  # an 8 KB VISION.md, a 14 KB AGENTS.md, mostly shell scripts
CACHE_MINIMUM = 1024  # tokens: the smallest prefix OpenAI and most Claude models cache


def test_every_sample_scores_full_marks_with_the_offline_planner(
    capsys: pytest.CaptureFixture[str],
) -> None:
    every = {s.name for s in plan_quality.samples()}
    assert every >= SAMPLE_KINDS

    status = plan_quality.main([])

    out = capsys.readouterr().out
    assert status == 0, out
    for name in every:
        (row,) = [line for line in out.splitlines() if line.startswith(f"{name} ")]
        assert " offline " in row and " 9/9 " in row
    # The lifecycle cases (issue 30), on every sample: a revision, an edited vision.
    cases = [line.split() for line in out.splitlines()
             if line.startswith(("revision ", "staleness "))]
    assert sorted((c[0], c[1]) for c in cases) == sorted(
        (case, name) for case in ("revision", "staleness") for name in every)
    assert all(c[2] in ("4/4", "5/5") for c in cases), cases
    assert "every check passed" in out


@pytest.mark.parametrize("fake", ["anthropic", "openai"])
def test_the_realistic_sample_through_a_fake_provider_api_counts_tokens_cost_and_cache(
    fake: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = plan_quality.main(["--fake", fake, "--sample", REALISTIC])

    out = capsys.readouterr().out
    assert status == 0, out
    row, steps, cached, billed = [line for line in out.splitlines()
                                  if line.startswith(f"{REALISTIC} ")]  # fmt: skip
    cells = row.split()
    assert cells[1:4] == [fake, "9/9", "4"]  # pitch, questions, answers, file
    assert int(cells[4].replace(",", "")) > 20_000  # input tokens, counted by the runner
    assert 0.01 < float(cells[6].removeprefix("$")) < 0.5  # priced by the model's rates
    (head,) = [line for line in out.splitlines() if line.startswith("input tokens per step:")]
    assert head.split()[4:] == ["pitch", "questions", "answers", "file"]
    per_step = [int(n.replace(",", "")) for n in steps.split()[1:]]
    assert len(per_step) == 4 and all(n > 6000 for n in per_step)  # the documents, each call
    # The stable prefix (role, rules, VISION.md, AGENTS.md, the code map) clears the
    # caching minimum, so every call after the pitch reads it from the cache.
    first, *later = [int(n.replace(",", "")) for n in cached.split()[1:]]
    assert first == 0 and all(n >= CACHE_MINIMUM for n in later), cached
    # The input as billed: cache reads and writes at the provider's price ratios.
    _, runner, calls, raw, read, _written, equivalent, share, *_ = billed.split()
    assert (runner, calls, raw) == (fake, "4", cells[4])
    assert int(read.replace(",", "")) == sum(int(n.replace(",", "")) for n in cached.split()[1:])
    assert 0 < float(equivalent.replace(",", "")) < int(raw.replace(",", ""))
    assert share.endswith("%") and int(share.removesuffix("%")) < 100


def fork(options: int, recommended: str = "A") -> ProposedFork:
    # Built unvalidated: the bench scores what a runner produced, even what the schema's own
    # checks would have refused, so its checks must catch a bad fork by themselves.
    return ProposedFork.model_construct(
        question="Which?", recommended=recommended, why="", hangs_on=None,
        options=[Option(letter="ABCDEF"[i], text=f"o{i}") for i in range(options)])


def sub(id_: str, title: str, *, deps: tuple[str, ...] = (), files: tuple[str, ...] = (),
        criteria: tuple[str, ...] = ("it works",)) -> SubIssue:
    return SubIssue(id=id_, title=title, problem="p", proposed_solution="s",
                    affected_files=list(files), acceptance_criteria=list(criteria),
                    depends_on=list(deps))


def test_the_checks_name_what_is_wrong_with_a_bad_plan(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "app.py").write_text("")
    plan = (
        sub("a", "Add the export command", deps=("b",), files=("src/app.py", "src/new.py")),
        sub("b", "Add the export commands", deps=("a",), files=("lib/invented/x.sh",)),
        sub("c", "Write docs", criteria=()),
    )
    filed = (
        plan_checks.FiledIssue(1, "Add the export command",
                               "## Acceptance criteria\n\n- [ ] it works\n\n## Design decisions"
                               "\n\n- Q1: Which? **Decided:** A) o0 (@alice, comment)\n"),
        plan_checks.FiledIssue(2, "Write docs", "## Acceptance criteria\n\n\n## Dependencies\n"),
    )
    sprint = plan_checks.Sprint(
        pitch="## Vision issues\n## Risks", forks=(fork(2), fork(5), fork(2, "C")), plan=plan,
        filed=filed, repo=tmp_path, max_sub_issues=2, merged=True)

    failed = {c.name: c.why for c in plan_checks.score(sprint).failed}

    assert failed == {
        "pitch sections": "missing ## What this enables, ## What exists today, ## Complexity, "
                          "## Cost — new infra to maintain, ## Recommendation",
        "forks: 2-4 options, a recommendation": "Q2 has 5 options; Q3 recommends C, not an "
                                                "option",
        "acceptance criteria": "none in #2",
        "affected files exist": "not in the repo: lib/invented/x.sh",
        "dependencies acyclic": "a → b → a",
        "at most max_sub_issues": "3 sub-issues, limit 2",
        "each decision in a sub-issue": "not stated: Q2, Q3",
        "no near-duplicate titles": "'add the export command' ~ 'add the export commands'",
    }
