"""What each answer field means is said once: in the schema the provider receives.

The formula's rules speak of the answer as a whole (how many questions, which
order, what to leave out); a field's own rule lives in its description, which
every runner hands over (the provider's schema, or the schema in the prompt).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from pydantic import BaseModel

from architect.core.inputs import PlannerInputs, ProjectContext, VisionInput
from architect.prompts import build_request, load_formula
from architect.runners.anthropic_api import output_schema
from architect.runners.base import Mode
from architect.runners.inline_schema import self_contained_schema
from architect.runners.strict_schema import strict_schema
from tests.runners.offline.helpers import SCHEMAS


def anthropic_sdk() -> ModuleType:
    """The optional SDK, imported by the tests that need it, not at collection (a second
    of every worker's start-up); without it they are skipped, not an import error."""
    return pytest.importorskip(
        "anthropic", reason="the optional `anthropic` SDK is not installed: "
        "pip install -e '.[anthropic]'")

INPUTS = PlannerInputs(
    project="shop", vision=VisionInput(4, "Wishlists", "Customers keep a list."),
    context=ProjectContext(vision_md="A small shop.", agents_md="Tests first."))


def fields(node: Any) -> list[tuple[str, dict[str, Any]]]:
    """(name, schema) of every property, nested objects and list items included."""
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(node, dict):
        for name, sub in (node.get("properties") or {}).items():
            found.append((name, sub))
        for value in node.values():
            found += fields(value)
    elif isinstance(node, list):
        for item in node:
            found += fields(item)
    return found


def described(node: dict[str, Any]) -> bool:
    """A field's schema, or the nullable wrapper strict mode puts around it, says what it is."""
    variants = [node, *(v for v in node.get("anyOf") or [] if isinstance(v, dict))]
    return any(str(v.get("description", "")).strip() for v in variants)


# What each provider receives: the claude CLI and the prompt fallback, OpenAI strict
# mode, Anthropic's structured outputs (as its SDK transforms the schema).
AS_SENT: dict[str, Callable[[type[BaseModel]], dict[str, Any]]] = {
    "self-contained": self_contained_schema,
    "openai strict": strict_schema,
    "anthropic": lambda schema: output_schema(anthropic_sdk(), schema),
}


@pytest.mark.parametrize("mode", list(SCHEMAS))
@pytest.mark.parametrize("sent", list(AS_SENT))
def test_every_field_is_described_in_the_schema_each_provider_receives(
    mode: Mode, sent: str
) -> None:
    bare = [name for name, sub in fields(AS_SENT[sent](SCHEMAS[mode])) if not described(sub)]
    assert bare == []


@pytest.mark.parametrize("mode", list(SCHEMAS))
def test_no_field_is_described_again_in_the_prompt(mode: Mode) -> None:
    request = build_request(mode, INPUTS, formula=load_formula(), schema=SCHEMAS[mode])
    sent = "\n".join((request.system, request.context, request.prompt_for(tools=True)))
    for name, sub in fields(self_contained_schema(SCHEMAS[mode])):
        # The formula used to define fields in lists: "- affected_files: at most 3…".
        assert not re.search(rf"^- {name}\b", sent, re.MULTILINE), name
        for clause in re.split(r"[.;:]\s", sub["description"]):
            if len(clause) >= 25:
                assert clause not in sent, f"{name}: {clause!r} is said twice"
