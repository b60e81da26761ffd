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
