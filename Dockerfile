# architect: the planning bot, as a container.
#
#   docker build -t architect .
#   docker run --rm --env-file architect.env \
#     -v ./myproj.toml:/etc/architect/architect.toml:ro -v architect-state:/var/lib/architect \
#     -p 127.0.0.1:8080:8080 architect loop --webhook 0.0.0.0:8080
#
# The default command is `loop` (a tick every 6 h); `architect run` does one tick.
# Secrets come from the environment only (--env-file), never from the image.
# The image carries the anthropic and openai runners; the claude-cli runner
# needs the `claude` binary, which is not in it (set model = "anthropic" or "openai").

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

ARG EXTRAS=all
ARG UID=10001

RUN useradd --system --uid "${UID}" --user-group --home-dir /var/lib/architect \
        --shell /usr/sbin/nologin architect \
    && install -d -o architect -g architect -m 0700 /var/lib/architect \
    && install -d -m 0755 /etc/architect

WORKDIR /build
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip install ".[${EXTRAS}]" \
    && cd / && rm -rf /build \
    && architect --help >/dev/null

WORKDIR /var/lib/architect
USER architect

# The project file (`-p` overrides it) and the state: sessions, journal, logs, run lock.
ENV ARCHITECT_PROJECT=/etc/architect/architect.toml \
    ARCHITECT_STATE_DIR=/var/lib/architect
VOLUME ["/var/lib/architect"]
# `architect loop --webhook 0.0.0.0:8080` only; GET /healthz answers 200.
EXPOSE 8080

ENTRYPOINT ["architect"]
CMD ["loop"]
