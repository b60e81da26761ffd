"""A fake `claude` that answers by mode, keeps sessions, and prints valid envelopes.

A test installs it as `<bin>/claude` (a shebang to this interpreter) with
`<bin>/answers.json` ({schema name: [objects for successive calls]}) and `<bin>/template.json` (a
result envelope recorded from Claude Code 2.1.332). It reads what the real
CLI reads: the prompt on stdin, `--json-schema`, `--append-system-prompt`,
`--model`, `--resume`. Then, as the real CLI does:

- without `--resume` it starts a session (a new id) whose system prompt is
  `--append-system-prompt`; with `--resume <id>` it continues one, which
  must exist and have been started from the same working directory (the
  real CLI files sessions by directory), else it fails like 2.1.332:
  `No conversation found with session ID: <id>`, exit 1. A resumed session
  keeps its first system prompt: the new `--append-system-prompt` is
  ignored, as 2.1.332 does, while the new `--json-schema` counts;
- it answers with the next object for the schema named last in the prompt,
  else in the session's system prompt (the last object repeats), checked
  against `--json-schema`;
- the envelope's `usage` counts this run only (about 4 characters a token:
  the CLI's own ~5,300 tokens of system prompt and tools, the session's
  history, the prompt), and `total_cost_usd` is the session's running
  total (Opus 5.5 list price, $4 / $20 a million tokens).

Sessions live in `<bin>/sessions/<id>.json` (cwd, turns, cost). Every call
is appended to `<bin>/calls.jsonl`: argv, stdin, cwd, environment, the
session id and what this run cost.
"""

from __future__ import annotations

import json
import os
import re
import sys
import uuid
from pathlib import Path
from typing import Any

import jsonschema

HERE = Path(__file__).resolve().parent
CLI_OVERHEAD_TOKENS = 5300  # measured: Claude Code 2.1.332's system prompt and tools
PRICE_IN, PRICE_OUT = 4.0, 20.0  # USD a million tokens


def option(argv: list[str], name: str) -> str | None:
    return argv[argv.index(name) + 1] if name in argv else None


def estimate(text: str) -> int:
    return max(1, -(-len(text) // 4))


def main() -> int:
    argv = sys.argv[1:]
    prompt = sys.stdin.read()
    resume = option(argv, "--resume")
    sessions = HERE / "sessions"
    sessions.mkdir(exist_ok=True)
    if resume is not None:
        path = sessions / f"{resume}.json"
        session = json.loads(path.read_text()) if path.exists() else None
        if session is None or session["cwd"] != os.getcwd():
            sys.stderr.write(f"No conversation found with session ID: {resume}\n")
            return 1
        session_id = resume
    else:
        system = option(argv, "--append-system-prompt") or ""
        session_id = str(uuid.uuid4())
        session = {"cwd": os.getcwd(), "system": system, "turns": [], "cost": 0.0}
    script = json.loads((HERE / "answers.json").read_text())
    named = [n for n in re.findall(r"schema `(\w+)`", prompt) if n in script]
    named = named or [n for n in re.findall(r"schema `(\w+)`", session["system"]) if n in script]
    schema = named[-1]
    answers = script[schema]
    answer = answers[min(len(earlier_calls(schema)), len(answers) - 1)]
    jsonschema.validate(answer, json.loads(option(argv, "--json-schema") or "{}"))

    history = json.dumps(session["turns"])
    input_tokens = CLI_OVERHEAD_TOKENS + estimate(history) + estimate(prompt)
    output_tokens = estimate(json.dumps(answer))
    cost = (input_tokens * PRICE_IN + output_tokens * PRICE_OUT) / 1e6
    session["turns"] += [
        {"role": "user", "content": prompt},
        {"role": "assistant", "content": answer},
    ]
    session["cost"] += cost
    (sessions / f"{session_id}.json").write_text(json.dumps(session))

    record = {"argv": argv, "stdin": prompt, "cwd": os.getcwd(), "env": dict(os.environ),
              "system": session["system"], "schema": schema, "session_id": session_id,
              "cost_usd": cost}  # fmt: skip
    with (HERE / "calls.jsonl").open("a") as out:
        out.write(json.dumps(record) + "\n")
    sys.stdout.write(json.dumps(envelope(argv, session_id, session["cost"], answer,
                                         input_tokens, output_tokens)) + "\n")  # fmt: skip
    return 0


def earlier_calls(schema: str) -> list[dict[str, Any]]:
    log = HERE / "calls.jsonl"
    calls = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    return [c for c in calls if c["schema"] == schema]


def envelope(argv: list[str], session_id: str, total: float, answer: Any,
             input_tokens: int, output_tokens: int) -> dict[str, Any]:  # fmt: skip
    data: dict[str, Any] = json.loads((HERE / "template.json").read_text())
    model = option(argv, "--model") or "opus"
    data.update(
        session_id=session_id,
        uuid=str(uuid.uuid4()),
        total_cost_usd=total,
        result=json.dumps(answer, separators=(",", ":")),
        structured_output=answer,
        usage={**data["usage"], "input_tokens": input_tokens, "output_tokens": output_tokens,
               "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0},
        modelUsage={model: {"inputTokens": input_tokens, "outputTokens": output_tokens,
                            "costUSD": total}},
    )  # fmt: skip
    return data


if __name__ == "__main__":
    sys.exit(main())
