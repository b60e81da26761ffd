"""The messages of a wrong project file: what is wrong, where, and how to write it.

`describe` turns one pydantic validation error into one line that names the
file (or the environment variable), the key, the problem and an example of
the key written right. No message repeats a URL's credentials.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Mapping
from pathlib import Path

from pydantic_core import ErrorDetails

from architect.durations import ACCEPTED_FORMS

# config.DEFAULT_STATE_DIR, written out: config imports this module, so this one cannot
# import config.
_STATE_DIR = "~/.local/state/architect"

# How to write each key, for the "write key = …" part of a message.
EXAMPLES: Mapping[str, str] = {
    "name": '"myproj"',
    "repo": '"owner/myproj"',
    "ops_repo": '"owner/myproj-ops"',
    "forge_url": '"http://localhost:3000"',
    "primary_branch": '"main"',
    "repo_root": '"/srv/myproj"',
    "model": '"claude-cli"',
    "model_name": '"opus"',
    "interval": '"6h"',
    "max_open_pitches": "3",
    "min_available_mb": "2000",
    "reviewers": '["alice", "bob"]',
    "bot_accounts": '["*-bot", "*[bot]"]',
    "state_dir": f'"{_STATE_DIR}"',
    "log_dir": f'"{_STATE_DIR}/logs"',
    "max_sub_issues": "10",
    "max_cost_per_tick": "2.5",
    "context_budget_tokens": "16000",
    "openai_base_url": '"http://localhost:11434/v1"',
    "model_timeout": '"10m"',
    "max_turns": "8",
    "thinking_budget_tokens": "4096",
    "thinking_effort": '"high"',
    "webhook_max_body_kb": "1024",
    "vision_label": '"vision"',
    "in_progress_label": '"in-progress"',
    "backlog_label": '"backlog"',
    "close_vision_when_done": "true",
    "remind_after": '"3d"',
    "park_after": '"14d"',
    "dashboard": "true",
    "dashboard_title": '"Architect dashboard"',
    "dashboard_label": '"architect"',
    "overlap_threshold": "0.6",
}


_PROBLEMS: Mapping[str, str] = {
    "int_type": "must be an integer",
    "int_parsing": "must be an integer",
    "int_from_float": "must be an integer",
    "float_type": "must be a number",
    "float_parsing": "must be a number",
    "string_type": "must be a string",
    "bool_type": "must be true or false",
    "tuple_type": "must be a list",
    "list_type": "must be a list",
    "model_type": "must be a table",
    "dict_type": "must be a table",
    "string_too_short": "must not be empty",
    "timedelta_type": "must be a duration",
    "path_type": "must be a path",
}
_PATTERNS: Mapping[str, str] = {
    "repo": 'must be "owner/name"',
    "ops_repo": 'must be "owner/name"',
    "name": "must be a plain name (letters, digits, '.', '_', '-'): it names the state directory",
}


def describe(path: Path, err: ErrorDetails, origins: Mapping[tuple[str, ...], str],
             present: Mapping[tuple[str, ...], list[str]] | None = None) -> str:
    """One line for one validation error. `present`: the keys the file has, per table (the
    top level is `()`), so that a missing key written another way (`opsrepo`) is named."""
    loc = tuple(str(part) for part in err["loc"])
    key = next((part for part in reversed(loc) if not part.isdigit()), loc[-1])
    problem = _problem(err, key)
    variable = next((v for o, v in origins.items() if loc[: len(o)] == o), None)
    if variable is not None:
        example = EXAMPLES.get(key, "").strip('"')
        if err["type"] != "value_error":
            problem = f"{problem} (got {_show(err['input'])})"
        fix = f"set it like {variable}={example}, or unset it"
        return f"environment variable {variable}: {problem}; {fix}"
    where = _where(loc)
    if loc == ("architect",):
        return f"{path}: [architect] must be a table; write the [architect] header on its own line"
    if err["type"] == "value_error":
        return f"{path}: {where}: {problem}; for example {key} = {EXAMPLES[key]}"
    if err["type"] == "missing":
        hint = "under [architect]" if loc[0] == "architect" else "before the first [table]"
        # Other top-level keys belong to the factory and are ignored, so a typo of a required
        # one is only seen here, as the key that is missing.
        written = (present or {}).get(loc[:-1], [])
        close = difflib.get_close_matches(key, [k for k in written if k != key], n=1, cutoff=0.75)
        if close:
            return (f"{path}: missing required key '{key}'; found '{close[0]}': did you mean "
                    f"'{key}'? Rename it")
        return f"{path}: missing required key '{key}'; add {key} = {EXAMPLES[key]} {hint}"
    return f"{path}: {where} {problem} (got {_show(err['input'])}); write {key} = {EXAMPLES[key]}"


def _problem(err: ErrorDetails, key: str) -> str:
    kind, ctx = err["type"], err.get("ctx", {})
    if kind == "value_error":
        return str(ctx.get("error", err["msg"]))
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected', '')}"
    if kind == "greater_than_equal":
        return f"must be at least {ctx.get('ge')}"
    if kind == "greater_than":
        return f"must be greater than {ctx.get('gt')}"
    if kind == "less_than_equal":
        return f"must be at most {ctx.get('le')}"
    if kind == "string_pattern_mismatch":
        return _PATTERNS.get(key, f"must match {ctx.get('pattern')}")
    if key in ("interval", "model_timeout"):
        return f"must be a duration: {ACCEPTED_FORMS}"
    return _PROBLEMS.get(kind, f"is wrong: {err['msg']}")


def _where(loc: tuple[str, ...]) -> str:
    text = "[architect]." + ".".join(loc[1:2]) if loc[0] == "architect" and len(loc) > 1 else loc[0]
    return text + "".join(f"[{part}]" for part in loc[2:])


_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/\s@]*@")


def _show(value: object, limit: int = 60) -> str:
    """The offending value as TOML would show it, shortened, without URL credentials."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = json.dumps(_USERINFO.sub(r"\1***@", value), ensure_ascii=False)
    elif isinstance(value, dict):
        text = "a table"
    else:
        text = json.dumps(value, default=str, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"
