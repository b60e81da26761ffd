"""Start-up time of the `architect` command (issue 10): what a user waits for before any work.

Times, in a fresh interpreter each run (a subprocess, best of N wall times):

* `architect --version`, `architect --help`, `architect run --help`,
  `architect status --help`: wall time, and CPU time (user + system), which a
  loaded machine disturbs less;
* `import architect.app.cli` alone, and what each module that `app/cli.py`
  still imports inside a function would add to it (the reason such an import
  may stay lazy: more than ~10 ms on `architect --help`);

then lists the top offenders of `python -X importtime -c "import architect.app.cli"`
(cumulative microseconds, as CPython reports them; one run, so noisier).

    .venv/bin/python bench/startup.py [--runs 10] [--top 15]
"""

from __future__ import annotations

import argparse
import ast
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLI_SOURCE = ROOT / "src" / "architect" / "app" / "cli.py"
COMMANDS: tuple[tuple[str, ...], ...] = (
    ("--version",), ("--help",), ("run", "--help"), ("status", "--help"))
# A user's environment might point at a project; `--help` must not depend on it.
_CLEAN_ENV = ("ARCHITECT_PROJECT", "ARCHITECT_STATE_DIR", "PYTHONPROFILEIMPORTTIME")


def architect_command() -> list[str]:
    script = Path(sys.executable).with_name("architect")
    return [str(script)] if script.exists() else [sys.executable, "-m", "architect"]


def child_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _CLEAN_ENV}
    # A checkout without the package installed still finds `src/` (as bench/tick.py does).
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"),
                                                      env.get("PYTHONPATH")]))
    return env


def best_ms(argv: list[str], runs: int) -> tuple[float, float]:
    """Best wall time and best CPU time (user + system) of `runs` runs, in ms.

    The best run is the least disturbed by the other work on the machine; the
    CPU time moves much less with that work than the wall time does.
    """
    wall = cpu = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        child = subprocess.Popen(argv, env=child_env(),
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        wall = min(wall, time.perf_counter() - started)
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            raise subprocess.CalledProcessError(child.returncode, argv)
        cpu = min(cpu, usage.ru_utime + usage.ru_stime)
    return wall * 1000, cpu * 1000


def lazy_cli_modules(source: Path = CLI_SOURCE) -> list[str]:
    """The modules `app/cli.py` imports inside its functions, in the order they appear."""
    seen: dict[str, None] = {}
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom) and inner.module:
                    seen.setdefault(inner.module)
                elif isinstance(inner, ast.Import):
                    seen.update((alias.name, None) for alias in inner.names)
    return list(seen)


def extra_import_ms(module: str, runs: int) -> tuple[float, float]:
    """Best wall and CPU time of `import module` right after `import architect.app.cli`, in ms.

    Timed inside the child, so the interpreter's own start-up (~10 ms and noisy
    on a shared machine) does not blur a difference of a few milliseconds.
    """
    probe = ("import sys, time, architect.app.cli\n"
             "wall, cpu = time.perf_counter(), time.process_time()\n"
             f"import {module}\n"
             "sys.stdout.write(f'{time.perf_counter() - wall} {time.process_time() - cpu}')\n")
    wall = cpu = float("inf")
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", probe], env=child_env(), check=True,
                              capture_output=True, text=True)
        took, used = map(float, done.stdout.split())
        wall, cpu = min(wall, took), min(cpu, used)
    return wall * 1000, cpu * 1000


def importtime_top(top: int) -> list[tuple[int, int, str]]:
    """(cumulative µs, self µs, module) of the slowest imports under `import architect.app.cli`."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", "import architect.app.cli"],
                          env=child_env(), check=True, capture_output=True, text=True)
    rows: list[tuple[int, int, str]] = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        own, cumulative, name = line.removeprefix("import time:").split("|", 2)
        rows.append((int(cumulative), int(own), name.rstrip()))
    return sorted(rows, reverse=True)[:top]


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="runs per figure (the best counts)")
    parser.add_argument("--top", type=int, default=15, help="rows of the importtime list")
    args = parser.parse_args()

    print(f"Python {platform.python_version()}, {os.cpu_count()} CPUs; "
          f"load average at start: {load()}")
    print(f"best of {args.runs} runs, a fresh interpreter each (wall, CPU):\n")
    rows = [(f"architect {' '.join(c)}", best_ms([*architect_command(), *c], args.runs))
            for c in COMMANDS]
    rows += [("python -c pass (the interpreter alone)",
              best_ms([sys.executable, "-c", "pass"], args.runs)),
             ("import architect.app.cli",
              best_ms([sys.executable, "-c", "import architect.app.cli"], args.runs))]
    width = max(len(name) for name, _ in rows)
    for name, (wall, cpu) in rows:
        print(f"  {name:<{width}}  {wall:7.1f} ms  {cpu:7.1f} ms")

    lazy = lazy_cli_modules()
    if lazy:
        print("\nwhat each lazy import of app/cli.py would add to `import architect.app.cli` "
              "(wall, CPU):\n")
        width = max(len(m) for m in lazy)
        for module in lazy:
            wall, cpu = extra_import_ms(module, args.runs)
            print(f"  {module:<{width}}  {wall:+7.1f} ms  {cpu:+7.1f} ms")

    print(f"\n`python -X importtime -c 'import architect.app.cli'`, top {args.top} "
          "(cumulative, self; µs):\n")
    for cumulative, own, name in importtime_top(args.top):
        print(f"  {cumulative:>9} {own:>9}  {name}")
    print(f"\nload average at the end: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
