"""The filing check refuses plans a human must fix, and says why in plain words."""

from __future__ import annotations

from architect.core.filing import check_plan, filing_order, find_cycle
from architect.core.schemas import SubIssue


def sub(id_: str, *deps: str, criteria: int = 1, title: str = "", labels: tuple[str, ...] = (),
        files: int = 1) -> SubIssue:
    return SubIssue(id=id_, title=title or f"Do {id_}", problem="p", proposed_solution="s",
                    affected_files=[f"f{i}.py" for i in range(files)],
                    acceptance_criteria=[f"c{i}" for i in range(criteria)],
                    depends_on=list(deps), labels=list(labels))


def test_a_good_plan_passes_and_files_dependencies_first() -> None:
    plan = [sub("ui", "api"), sub("api", "db"), sub("db"), sub("docs")]
    assert check_plan(plan, max_sub_issues=10, known_labels={"backlog"}) == []
    assert [s.id for s in filing_order(plan)] == ["db", "docs", "api", "ui"]


def test_every_problem_is_named() -> None:
    plan = [sub("a", "b"), sub("b", "a"), sub("c", "nowhere", criteria=0),
            sub("d", labels=("ghost",)), sub("e", title="x" * 10_000), sub("f", criteria=6),
            sub("g", files=4)]
    problems = "\n".join(check_plan(plan, max_sub_issues=10, known_labels={"backlog"}))
    assert "cycle: `a` → `b` → `a`" in problems
    assert "`c` has no acceptance criteria" in problems
    assert "depends on `nowhere`, which is not part of this sprint" in problems
    assert "label `ghost` does not exist" in problems
    assert "the title is 10000 characters" in problems
    assert "`f` has 6 acceptance criteria" in problems
    assert "`g` names 4 affected files" in problems


def test_too_many_sub_issues() -> None:
    plan = [sub(f"s{i}") for i in range(50)]
    problems = check_plan(plan, max_sub_issues=10, known_labels=set())
    assert problems == ["50 sub-issues were proposed; at most 10 may be filed for one sprint "
                        "(`[architect].max_sub_issues`). Split the sprint or raise the limit."]


def test_cycle_detection() -> None:
    assert find_cycle([sub("a", "b"), sub("b", "c"), sub("c", "a")]) == ["a", "b", "c", "a"]
    assert find_cycle([sub("a", "b"), sub("b")]) == []
