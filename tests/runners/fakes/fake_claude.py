"""A fake `claude` that replays recorded result envelopes and records its calls.

A test installs it as `<bin>/claude` (with a shebang to this interpreter) and
writes `<bin>/script.json`:

    {"fixtures": "<dir of *.stdout>", "steps": [{...}, ...]}

Call N plays step N (the last step repeats). A step may give `stdout_file`
(a recorded envelope) with `patch` (keys to overwrite in it), or literal
`stdout`; `stderr`; `exit_code`; `sleep` (seconds, after spawning a child
that sleeps too and whose pid goes to `<bin>/child.pid`). Every call appends
its argv, stdin, cwd, environment and the files of its cwd to
`<bin>/calls.jsonl`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    calls = HERE / "calls.jsonl"
    index = len(calls.read_text().splitlines()) if calls.exists() else 0
    record = {
        "argv": sys.argv[1:],
        "stdin": sys.stdin.read(),
        "cwd": os.getcwd(),
        "env": dict(os.environ),
        "files": sorted(os.listdir(".")),
    }
    with calls.open("a") as out:
        out.write(json.dumps(record) + "\n")
    script = json.loads((HERE / "script.json").read_text())
    step = script["steps"][min(index, len(script["steps"]) - 1)]
    if step.get("sleep"):
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        (HERE / "child.pid").write_text(str(child.pid))
        time.sleep(step["sleep"])
    sys.stdout.write(_stdout(script["fixtures"], step))
    sys.stderr.write(step.get("stderr", ""))
    return int(step.get("exit_code", 0))


def _stdout(fixtures: str, step: dict[str, object]) -> str:
    if "stdout" in step:
        return str(step["stdout"])
    if not step.get("stdout_file"):
        return ""
    envelope = json.loads((Path(fixtures) / str(step["stdout_file"])).read_text())
    patch = step.get("patch") or {}
    assert isinstance(patch, dict)
    envelope.update(patch)
    return json.dumps(envelope) + "\n"


if __name__ == "__main__":
    sys.exit(main())
