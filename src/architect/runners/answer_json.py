"""The JSON object in a model's answer, wherever the model put it.

Models wrap their JSON in code fences, prose or `<think>` blocks; every
runner's raw text passes through `parse_model_json` before validation.
"""

from __future__ import annotations

import json
import re
from typing import Any

_THINK = re.compile(r"<think(?:ing)?>.*?</think(?:ing)?>", re.DOTALL | re.IGNORECASE)
_UNCLOSED_THINK = re.compile(r"^\s*<think(?:ing)?>.*", re.DOTALL | re.IGNORECASE)
_FENCE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\n(.*?)```", re.DOTALL)


def strip_noise(text: str) -> str:
    """Drop `<think>` blocks (reasoning models) around the answer."""
    text = _THINK.sub("", text)
    # A reasoning block cut off by the token limit swallows everything after it.
    return _UNCLOSED_THINK.sub("", text).strip()


def parse_model_json(text: str) -> Any:
    """The JSON object in a model's answer: fences, `<think>` and prose are skipped.

    Raises `ValueError` (with a short reason) when the text holds no JSON object.
    """
    cleaned = strip_noise(text)
    candidates = [m.group(1) for m in _FENCE.finditer(cleaned)] + [cleaned]
    for candidate in candidates:
        try:
            whole = json.loads(candidate)
        except json.JSONDecodeError:
            whole = None
        if isinstance(whole, dict):
            return whole
        found = _first_object(candidate)
        if found is not None:
            return found
    raise ValueError("the answer holds no JSON object")


def _first_object(text: str) -> Any | None:
    """The first balanced `{…}` that parses, scanning past leading prose."""
    decoder = json.JSONDecoder()
    start = text.find("{")
    while start != -1:
        try:
            value, _ = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            start = text.find("{", start + 1)
            continue
        if isinstance(value, dict):
            return value
        start = text.find("{", start + 1)
    return None


def compact_json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# A span said again and again: at least this many characters of the answer's end
# repeat with one period, and at least `LOOP_REPEATS` times.
LOOP_CHARS = 240
LOOP_REPEATS = 4
LOOP_MAX_PERIOD = 400


def looping(text: str) -> bool:
    """Whether the answer ends in the same span repeated: a model stuck in a loop.

    Read on the tail, where a loop cut at the output limit sits: for each period
    p, the run of characters equal to the one p before them, counted back from
    the end. A valid JSON answer ends once, in its closing brace.
    """
    tail = text[-(LOOP_MAX_PERIOD * LOOP_REPEATS + LOOP_CHARS) * 2 :]
    for period in range(1, min(LOOP_MAX_PERIOD, len(tail) // LOOP_REPEATS) + 1):
        need = max(LOOP_CHARS, period * (LOOP_REPEATS - 1))
        if len(tail) - period < need:
            continue
        # The run is whole when the `need` characters before the end each equal the one
        # a period before them.
        end = len(tail)
        if tail[end - need : end] == tail[end - need - period : end - period]:
            return True
    return False
