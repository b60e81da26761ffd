"""The pitch's Risks and Cost (runners/offline/risks.py): what the vision's structure and
the lessons say could go wrong, and the infra its words point to."""

from __future__ import annotations

from architect.core.inputs import ProjectContext
from architect.runners.offline.risks import cost, risks, spot_infra
from architect.runners.offline.vision import parse_vision
from tests.runners.offline import helpers as h
from tests.runners.offline.helpers import EXPORT


def test_each_kind_of_infra_is_spotted_once_by_its_first_word() -> None:
    assert spot_infra("Keep it in Postgres, or SQLite, behind a Redis cache") == [
        ("a database", "postgres"), ("a cache", "redis")]
    assert spot_infra("A nicer button colour") == []


def test_cost_names_where_each_infra_shows_and_the_answers_that_would_add_one() -> None:
    vision = parse_vision("Sync notes.\n\n- [ ] Add a sync server (id: srv)\n"
                          "## Open questions\n1. Where is state kept?\n - A) A file\n"
                          " - B) In postgres\n")
    said = cost(vision)
    assert "- a long-running service (“server” in: Add a sync server" in said
    assert "- a database, if “Where is state kept?” is answered B) In postgres" in said
    assert cost(vision, ruled_out=["a long-running service", "a database"]).startswith(
        "None identified")


def test_a_cycle_and_an_unknown_after_note_are_risks() -> None:
    vision = parse_vision("- [ ] a (id: a)\n")
    said = risks(h.planner_inputs("- [ ] a (id: a)\n"), vision, {"a": ("b",), "b": ("a",)},
                 [("a", "ghost")], review_notes=())
    assert "`after: ghost` (in “a”) names no task; it is ignored." in said
    assert "The `after:` notes form a cycle (a → b → a)" in said


def test_a_small_plain_vision_has_no_infra_and_no_listed_risks() -> None:
    pitch = h.pitch("Nicer colours.\n\n- [ ] Pick a palette (files: theme.css)\n")

    assert pitch.cost_new_infra.startswith("None identified")
    assert pitch.risks == "None listed in the vision, and none found in its structure."
    assert "no design question needs asking" in pitch.recommendation


def test_lessons_that_touch_the_vision_become_risks() -> None:
    lessons = "# Lessons learned\n\n- exports must not need a cron job\n- dark mode was too vague\n"
    pitch = h.pitch(EXPORT, context=ProjectContext(lessons=lessons))

    assert "A past rejection touches this: exports must not need a cron job" in pitch.risks
    assert "dark mode" not in pitch.risks

