"""The deployment files: each parses, and each runs the CLI with commands and options it has.

No Docker engine, systemd (as PID 1) or Nomad runs here; what can be checked
offline is: the files parse, they say what they must (schedule, secrets,
hardening), every `architect …` they run is accepted by the CLI's own parser,
and `systemd-analyze verify` when it is installed.
"""

from __future__ import annotations

import fnmatch
import json
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
import typer.main

from architect.app.cli import app

from . import miniyaml

ROOT = Path(__file__).resolve().parents[3]
DEPLOY = ROOT / "deploy"
SERVICE = DEPLOY / "systemd" / "architect.service"
TIMER = DEPLOY / "systemd" / "architect.timer"
WORKFLOW = DEPLOY / "forgejo-actions" / "architect.yml"
NOMAD = DEPLOY / "nomad" / "architect.nomad.hcl"
DOCKERFILE = ROOT / "Dockerfile"
DOCKERIGNORE = ROOT / ".dockerignore"
DOCS = ROOT / "docs" / "deploy.md"
EVERY_6_HOURS = "0 */6 * * *"
SECRET_VARIABLES = {"FORGE_ARCHITECT_TOKEN", "FORGE_TOKEN", "FORGE_FILER_TOKEN",
                    "ANTHROPIC_API_KEY", "OPENAI_API_KEY", "ARCHITECT_WEBHOOK_SECRET"}


# --- the CLI's own parser ------------------------------------------------------------------------


class CliMisuse(Exception):
    """`architect …` that the CLI would refuse."""


def check_cli(argv: list[str]) -> None:
    """Parse `architect <argv>` as the CLI would, without running it; CliMisuse if wrong."""
    group = typer.main.get_command(app)
    parent = typer.Context(group, info_name="architect")
    name, *rest = argv
    command = getattr(group, "get_command", lambda ctx, name: None)(parent, name)
    if command is None:
        raise CliMisuse(f"no such command: architect {name}")
    try:
        with command.make_context(name, list(rest), parent=parent):
            pass
    except typer.TyperException as exc:  # click's UsageError, vendored by typer
        raise CliMisuse(str(exc)) from None


def architect_calls(script: str) -> list[list[str]]:
    """Every `architect <command> …` in shell text (`a && b`, `exec`, paths to the binary)."""
    calls: list[list[str]] = []
    text = script.replace("\\\n", " ")
    for line in text.splitlines():
        lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        try:
            tokens = list(lexer)
        except ValueError:
            continue
        segment: list[str] = []
        for token in [*tokens, "&&"]:
            if token not in ("&&", "||", ";", "|"):
                segment.append(token)
                continue
            for i, word in enumerate(segment[:-1]):
                following = segment[i + 1]
                binary = word == "architect" or (word.endswith("/architect") and "=" not in word)
                if binary and re.fullmatch(
                        r"[a-z][a-z-]*", following):
                    calls.append(segment[i + 1:])
                    break
            segment = []
    return calls


def test_the_cli_checker_catches_mistakes() -> None:
    check_cli(["run", "-p", "x.toml", "--dry-run"])
    check_cli(["loop", "-p", "a.toml", "-p", "b.toml", "--interval", "15m",
               "--webhook", "127.0.0.1:8080"])
    with pytest.raises(CliMisuse):
        check_cli(["run", "--every", "6h"])
    with pytest.raises(CliMisuse):
        check_cli(["tick"])
    assert architect_calls('x && exec /usr/bin/architect run -p "$D/a.toml"; architect .') == [
        ["run", "-p", "$D/a.toml"]]


# --- systemd -------------------------------------------------------------------------------------


def unit(path: Path) -> dict[str, list[tuple[str, str]]]:
    """A systemd unit file: sections of (key, value), repeated keys kept."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current: list[tuple[str, str]] | None = None
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], [])
            continue
        key, eq, value = line.partition("=")
        assert eq and current is not None, f"{path.name}:{number}: not 'Key=value': {raw!r}"
        current.append((key.strip(), value.strip()))
    return sections


def values(sections: dict[str, list[tuple[str, str]]], section: str, key: str) -> list[str]:
    return [v for k, v in sections.get(section, []) if k == key]


def test_the_service_is_a_hardened_oneshot_tick() -> None:
    service = unit(SERVICE)
    assert values(service, "Service", "Type") == ["oneshot"]
    [exec_start] = values(service, "Service", "ExecStart")
    argv = shlex.split(exec_start)
    assert argv[0].endswith("/architect") and argv[1:3] == ["run", "-p"]
    check_cli(argv[1:])
    assert values(service, "Service", "EnvironmentFile") == ["/etc/architect/architect.env"]
    assert values(service, "Service", "User") == ["architect"]
    for key, value in (("NoNewPrivileges", "yes"), ("ProtectSystem", "strict"),
                       ("ProtectHome", "yes"), ("PrivateTmp", "yes"),
                       ("CapabilityBoundingSet", ""), ("StateDirectory", "architect")):
        assert values(service, "Service", key) == [value], key
    settings = "\n".join(f"{k}={v}" for k, v in service["Service"])
    assert not any(name in settings for name in SECRET_VARIABLES)  # only the EnvironmentFile


def test_the_timer_starts_the_service_every_6_hours() -> None:
    timer = unit(TIMER)
    assert values(timer, "Timer", "OnCalendar") == ["*-*-* 00/6:00:00"]
    assert values(timer, "Timer", "Unit") == ["architect.service"]
    assert values(timer, "Timer", "Persistent") == ["true"]
    assert values(timer, "Install", "WantedBy") == ["timers.target"]


@pytest.mark.slow  # starts a process
def test_systemd_analyze_verifies_the_units(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    binary = Path(sys.executable).with_name("architect")
    if not binary.exists():
        pytest.skip("no architect script next to this Python")
    # The unit names /usr/local/bin/architect; verify checks that the binary exists.
    text = SERVICE.read_text(encoding="utf-8").replace("/usr/local/bin/architect", str(binary))
    (tmp_path / SERVICE.name).write_text(text, encoding="utf-8")
    shutil.copy(TIMER, tmp_path / TIMER.name)
    done = subprocess.run([analyze, "verify", "--man=no", SERVICE.name, TIMER.name],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False)
    ours = [line for line in done.stderr.splitlines() if "architect." in line]
    assert done.returncode == 0 and not ours, done.stderr


# --- Forgejo Actions -----------------------------------------------------------------------------


def workflow() -> dict[str, miniyaml.Node]:
    doc = miniyaml.loads(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(doc, dict)
    return doc


def steps() -> list[dict[str, miniyaml.Node]]:
    jobs = workflow()["jobs"]
    assert isinstance(jobs, dict)
    found = [step for job in jobs.values() if isinstance(job, dict)
             for step in job.get("steps") or [] if isinstance(step, dict)]
    assert found
    return found


def test_the_workflow_runs_on_a_schedule_and_on_demand() -> None:
    on = workflow()["on"]
    assert isinstance(on, dict)
    assert on["schedule"] == [{"cron": EVERY_6_HOURS}]
    assert "workflow_dispatch" in on


def test_the_workflow_takes_secrets_only_from_the_repo_secrets() -> None:
    for step in steps():
        env = step.get("env") or {}
        assert isinstance(env, dict)
        for name, value in env.items():
            if name in SECRET_VARIABLES:
                assert value == f"${{{{ secrets.{name} }}}}", name
    text = WORKFLOW.read_text(encoding="utf-8")
    contexts = set(re.findall(r"\$\{\{\s*([a-z]+)\.", text))
    assert contexts <= {"secrets", "vars", "github"}, contexts


def test_the_workflow_runs_cli_commands_that_exist() -> None:
    calls = [call for step in steps() if isinstance(step.get("run"), str)
             for call in architect_calls(str(step["run"]))]
    assert [call[0] for call in calls] == ["enable", "run"]
    for call in calls:
        check_cli(call)


@pytest.mark.skipif(not shutil.which("actionlint"), reason="actionlint is not installed")
def test_actionlint_accepts_the_workflow() -> None:
    done = subprocess.run(["actionlint", "-shellcheck=", str(WORKFLOW)], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_pyyaml_reads_the_workflow_as_we_do() -> None:
    yaml = pytest.importorskip("yaml")
    doc = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    doc["on"] = doc.pop(True)  # YAML 1.1 reads the key `on` as a boolean; Forgejo does not
    assert json.loads(json.dumps(doc, default=str)) == json.loads(
        json.dumps(workflow(), default=str).replace('"120"', "120"))


# --- Nomad ---------------------------------------------------------------------------------------


def hcl_strings_removed(text: str) -> str:
    """`text` without comments, heredocs and string contents (to count braces)."""
    text = re.sub(r"<<-?(\w+)\n.*?\n\s*\1\n", '""\n', text, flags=re.S)
    text = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', text)
    return re.sub(r"(?m)#.*$", "", text)


def test_the_nomad_job_is_balanced_hcl() -> None:
    bare = hcl_strings_removed(NOMAD.read_text(encoding="utf-8"))
    for opening, closing in ("{}", "[]", "()"):
        depth = 0
        for char in bare:
            depth += (char == opening) - (char == closing)
            assert depth >= 0, f"unbalanced {closing}"
        assert depth == 0, f"unbalanced {opening}"


def test_the_nomad_job_is_a_periodic_batch_job_per_project() -> None:
    text = NOMAD.read_text(encoding="utf-8")
    assert re.search(r'^\s*type\s*=\s*"batch"', text, re.M)
    periodic = re.search(r"periodic\s*\{(.*?)\}", text, re.S)
    assert periodic is not None
    assert re.search(r'crons\s*=\s*\["0 \*/6 \* \* \*"\]', periodic.group(1))
    assert re.search(r"prohibit_overlap\s*=\s*true", periodic.group(1))
    assert re.search(r'^\s*id\s*=\s*"architect-\$\{var\.project\}"', text, re.M)
    declared = set(re.findall(r'^variable\s+"(\w+)"', text, re.M))
    used = set(re.findall(r"\bvar\.(\w+)", text))
    assert "project" in declared and used <= declared, used - declared


def test_the_nomad_job_reads_secrets_from_nomad_variables() -> None:
    text = NOMAD.read_text(encoding="utf-8")
    assert 'nomadVar "nomad/jobs/architect-${var.project}"' in text
    template = re.search(r"<<-EOT\n(.*?)\n\s*EOT", text, re.S)
    assert template is not None
    for line in template.group(1).splitlines():
        name, eq, value = line.strip().partition("=")
        if eq:
            assert name in SECRET_VARIABLES and value == f"{{{{ .{name} }}}}", line


def nomad_scripts() -> list[str]:
    """The task's shell script(s): the quoted lines of its `args` list, HCL escapes undone."""
    text = NOMAD.read_text(encoding="utf-8")
    args = re.search(r"^\s*args\s*=\s*\[(.*?)\]", text, re.M | re.S)
    assert args is not None
    return [json.loads(f'"{arg}"') for arg in re.findall(r'"((?:[^"\\]|\\.)*)"', args.group(1))]


def test_the_nomad_job_runs_cli_commands_that_exist() -> None:
    calls = [call for script in nomad_scripts() for call in architect_calls(script)]
    assert [call[0] for call in calls] == ["enable", "run"]
    for call in calls:
        check_cli(call)


@pytest.mark.skipif(not shutil.which("nomad"), reason="nomad is not installed")
def test_nomad_fmt_accepts_the_job() -> None:
    done = subprocess.run(["nomad", "fmt", "-check", "-list=false", str(NOMAD)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


# --- Docker --------------------------------------------------------------------------------------


def dockerfile() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with continuation lines joined and comments dropped."""
    joined = re.sub(r"\\\n", " ", "\n".join(
        line for line in DOCKERFILE.read_text(encoding="utf-8").splitlines()
        if not line.lstrip().startswith("#")))
    found = []
    for line in joined.splitlines():
        if line.strip():
            instruction, _, rest = line.strip().partition(" ")
            found.append((instruction.upper(), rest.strip()))
    return found


def ignored(path: str) -> bool:
    """Whether .dockerignore keeps `path` (relative, with '/') out of the build context."""
    excluded = False
    for line in DOCKERIGNORE.read_text(encoding="utf-8").splitlines():
        rule = line.strip()
        if not rule or rule.startswith("#"):
            continue
        negate = rule.startswith("!")
        pattern = rule.lstrip("!").rstrip("/")
        parts = path.split("/")
        prefixes = ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]
        if any(fnmatch.fnmatchcase(prefix, pattern) for prefix in prefixes):
            excluded = not negate
    return excluded


def test_the_image_is_python_3_11_slim_and_runs_as_a_user() -> None:
    instructions = dockerfile()
    assert instructions[0] == ("FROM", "python:3.11-slim")
    users = [rest for name, rest in instructions if name == "USER"]
    assert users and users[-1] not in ("root", "0")


def test_the_image_copies_files_that_exist_and_the_context_keeps() -> None:
    copies = [shlex.split(rest)[:-1] for name, rest in dockerfile() if name == "COPY"]
    sources = [source for sources in copies for source in sources]
    assert sources
    for source in sources:
        assert (ROOT / source).exists(), source
        assert not ignored(source), f"{source} is excluded by .dockerignore"
    for path in ("src/architect/app/cli.py", "pyproject.toml", "README.md"):
        assert not ignored(path), path
    for path in (".venv/bin/python", ".git/config", "tests/app/service/test_deploy.py",
                 "src/architect/app/__pycache__/cli.cpython-311.pyc", "architect.toml"):
        assert ignored(path), path


def test_the_image_installs_the_package_and_runs_the_cli() -> None:
    instructions = dockerfile()
    runs = " ".join(rest for name, rest in instructions if name == "RUN")
    assert re.search(r'pip install "?\.(\[|"|\s|$)', runs)
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert scripts["project"]["scripts"]["architect"] == "architect.app.cli:main"
    entrypoint = [json.loads(rest) for name, rest in instructions if name == "ENTRYPOINT"]
    command = [json.loads(rest) for name, rest in instructions if name == "CMD"]
    assert entrypoint == [["architect"]]
    assert command == [["loop"]]
    check_cli(command[0])


# --- every `architect …` written anywhere in the deployment files and their docs -----------------


def commented_examples(text: str) -> str:
    """The commands shown in comments: those indented in their comment (prose is not)."""
    return "\n".join(re.sub(r"^\s*#\s{2,}", "", line) for line in text.splitlines()
                     if re.match(r"^\s*#\s{2,}\S", line))


def shell_texts() -> Iterator[tuple[str, str]]:
    """Every piece of shell each deployment file (and the docs) would run or shows."""
    for path in (SERVICE, TIMER, WORKFLOW, NOMAD, DOCKERFILE):
        yield path.name, commented_examples(path.read_text(encoding="utf-8"))
    yield SERVICE.name, "\n".join(values(unit(SERVICE), "Service", "ExecStart"))
    for step in steps():
        yield WORKFLOW.name, str(step.get("run") or "")
    yield NOMAD.name, "\n".join(nomad_scripts())
    instructions = dockerfile()
    entry = [json.loads(rest) for name, rest in instructions if name in ("ENTRYPOINT", "CMD")]
    yield DOCKERFILE.name, shlex.join([word for part in entry for word in part])
    doc = DOCS.read_text(encoding="utf-8")
    yield DOCS.name, "\n".join(re.findall(r"```[a-z]*\n(.*?)```", doc, re.S))


def test_every_architect_command_in_the_files_and_docs_exists() -> None:
    seen: dict[str, list[str]] = {}
    for name, text in shell_texts():
        for call in architect_calls(text):
            try:
                check_cli(call)
            except CliMisuse as exc:
                pytest.fail(f"{name}: architect {shlex.join(call)}: {exc}")
            seen.setdefault(name, []).append(call[0])
    assert seen[SERVICE.name].count("run") == 1
    assert seen[WORKFLOW.name] == ["enable", "run"]
    assert seen[NOMAD.name] == ["enable", "run"]
    assert "loop" in seen[DOCKERFILE.name]
    assert {"loop", "run", "enable", "init"} <= set(seen[DOCS.name])


def test_the_docs_name_files_that_exist() -> None:
    doc = DOCS.read_text(encoding="utf-8")
    for path in (SERVICE, TIMER, WORKFLOW, NOMAD, DOCKERFILE):
        relative = str(path.relative_to(ROOT))
        assert relative in doc, relative
    for mentioned in re.findall(r"`((?:deploy|docs|examples)/[\w./-]+)`", doc):
        assert (ROOT / mentioned).exists(), mentioned
