"""`architect forge --seed`: the embedded forge set up for the example project file.

`architect init --example` prints a project file for `owner/myproj` and
`owner/myproj-ops`; this creates those repositories, a bot account with a token,
a human who steers, the labels `architect init` would create, and one vision, so
that every command of the README runs against the forge as it is.

It also writes that project file, as seeded: this forge's URL and the model it
was seeded for (`offline`), in the file itself, so a shell without
`ARCHITECT_MODEL` runs what the seed meant, not the default `claude-cli`. A file
of that name that exists already is left alone; the text is printed instead.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import httpx

from architect.app.demo_project import DEMO
from architect.app.setup_forge import prove_setup
from architect.config import EXAMPLE_COMMAND, Secrets, example_text, load_config
from architect.emulator.github_web import PREFIX as GITHUB_PREFIX
from architect.emulator.setup import DEFAULT_PASSWORD, ForgeSetup, ForgeSetupError
from architect.forge.client import ForgeClient

BOT = "architect-bot"
HUMAN = "alice"


class AlreadySeeded(RuntimeError):
    """The forge (a --data file) holds the seed already: its tokens were printed then."""


SEEDED_MODEL = "offline"


def seeded_text(url: str, dialect: str = "forgejo") -> str:
    """The example project file for this forge and the model it was seeded for; with
    `dialect` "github", for the forge's GitHub API (`forge = "github"`, ``/api/v3``)."""
    api = f"{url}{GITHUB_PREFIX}" if dialect == "github" else url
    text = re.sub(r'^forge_url(\s*)= "[^"]*"', rf'forge_url\1= "{api}"', example_text(),
                  count=1, flags=re.MULTILINE)
    if dialect == "github":
        text = re.sub(r'^(forge_url.*)$', r'forge          = "github"                 # '
                      r'the GitHub API (GitHub Enterprise Server: https://HOST/api/v3)\n\1',
                      text, count=1, flags=re.MULTILINE)
    return re.sub(r'^model(\s*)= "[^"]*"(\s*)#.*$',
                  rf'model\1= "{SEEDED_MODEL}"\2# seeded for the offline planner; '
                  "claude-cli | anthropic | openai | offline", text, count=1, flags=re.MULTILINE)


def seed(url: str, admin_token: str, out_dir: Path | None = None, *,
         dialect: str = "forgejo") -> list[str]:
    """Seed the forge at `url` for the example project file; the lines to print. The
    project file speaks `dialect` (the seeding itself goes through the Forgejo API)."""
    with tempfile.TemporaryDirectory(prefix="architect-seed-") as tmp:
        example = Path(tmp) / "project.toml"
        example.write_text(seeded_text(url), encoding="utf-8")
        # The file as the printed instructions use it: this forge, the offline planner.
        config = load_config(example, {"ARCHITECT_STATE_DIR": tmp})
        owner, project = config.repo.split("/")
        with httpx.Client(base_url=url, timeout=30, trust_env=False) as http:
            setup = ForgeSetup(http, admin_token)
            if http.get(f"/api/v1/users/{BOT}").status_code == 200:
                raise AlreadySeeded(f"the forge has @{BOT} already (seeded before): drop --seed; "
                                    "the tokens printed then still work")
            try:
                tokens = {login: setup.create_user(login) for login in (owner, BOT, HUMAN)}
                for repo in (config.repo, config.ops_repo):
                    setup.create_repo(owner, repo.split("/")[1])
                    # admin, not just write: `architect init --webhook-url` registers hooks
                    setup.add_collaborator(repo, BOT, "admin")
                    setup.add_collaborator(repo, HUMAN, "write")
            except ForgeSetupError as exc:
                raise AlreadySeeded(f"the forge already holds part of the seed: {exc}") from None
            # The labels, exactly as `architect init` creates them.
            prove_setup(ForgeClient(url, tokens[BOT]), config, Secrets(), webhook_url=None,
                        write=True, runner_ready=lambda: None, say=lambda _: None)
            vision = DEMO.accepted()
            number = setup.create_issue(config.repo, vision.title, vision.body,
                                        labels=(config.architect.vision_label,),
                                        token=tokens[HUMAN])
    return [
        f"Seeded for the example project file ({EXAMPLE_COMMAND}):",
        f"  repos {config.repo} and {config.ops_repo} (owner @{owner}), with the labels "
        f"`architect init` creates; vision #{number} on {config.repo}: {vision.title}",
        f"  @{BOT}: the bot, admin of both repos; @{HUMAN}: a human who steers (write on "
        f"both); password {DEFAULT_PASSWORD}",
        f"  @{HUMAN}'s token (to comment as the human, e.g. ACCEPT): {tokens[HUMAN]}",
        *_project_file(config.name, url, out_dir or Path.cwd(), dialect),
        "Try, in another shell (in that directory):",
        f"  export FORGE_ARCHITECT_TOKEN={tokens[BOT]}",
        f"  architect init -p {project}.toml && architect enable -p {project}.toml",
        f"  architect run -p {project}.toml --dry-run",
    ]


def _project_file(name: str, url: str, out_dir: Path, dialect: str) -> list[str]:
    """Write `<name>.toml` for this forge unless it exists; the lines that say so."""
    path = out_dir / f"{name}.toml"
    text = seeded_text(url, dialect)
    said = (f"The project file, seeded for model = \"{SEEDED_MODEL}\" on this forge "
            "(forge_url and model are in it: no ARCHITECT_MODEL or FORGE_URL needed)")
    try:
        with path.open("x", encoding="utf-8") as out:
            out.write(text)
    except OSError:
        return [f"{said}: {path} exists, left as it is; this is the seeded one:",
                *(f"  | {line}" for line in text.splitlines())]
    return [f"{said}: wrote {path}"]
