"""One sign for "a secret was here": the forge client, the prompts and the log mask alike."""

from __future__ import annotations

import io
from urllib.parse import quote

from architect.forge.secret import Secret
from architect.redaction import MASK, redact
from architect.shell.logs import setup_logging, teardown_logging

TOKEN = "tok+0123456789/abcdef"


def test_the_forge_client_the_prompts_and_the_log_show_the_same_mask() -> None:
    stream = io.StringIO()
    logger = setup_logging(log_file=None, json=False, secrets=[TOKEN], stream=stream)
    try:
        logger.info("refused %s", TOKEN)
    finally:
        teardown_logging()

    assert MASK == "[redacted]"
    assert Secret(TOKEN).redact(f"refused {TOKEN}") == "refused [redacted]"
    assert redact(f"refused {TOKEN}", [TOKEN]) == "refused [redacted]"
    assert stream.getvalue().endswith("architect: refused [redacted]\n")
    assert (str(Secret(TOKEN)), repr(Secret(TOKEN))) == ("[redacted]", "Secret('[redacted]')")


def test_a_token_the_forge_echoes_url_escaped_is_masked_too() -> None:
    echoed = f"GET /api/v1/user?access_token={quote(TOKEN, safe='')} refused"

    assert Secret(TOKEN).redact(echoed) == "GET /api/v1/user?access_token=[redacted] refused"
    assert redact(echoed, [TOKEN]) == "GET /api/v1/user?access_token=[redacted] refused"
