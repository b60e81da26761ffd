# agents.sh: start an agent in its own tmux session and git worktree.
#
# A session is named <kind>-<target>-<timestamp>, so that a second pass sees
# the agent still working and does not start another one on the same target.

AGENTS_HOME=${AGENTS_HOME:-$FACTORY_HOME/agents}
WORKTREES=${WORKTREES:-/srv/factory/worktrees}

tmux_sessions() {
  tmux list-sessions -F '#{session_name}' 2>/dev/null | grep -E '^(dev|review|gardener)-' || true
}

agent_running() {
  kind=$1
  target=$2
  tmux_sessions | grep -q "^$kind-$target-"
}

start_agent() {
  kind=$1
  target=$2
  script="$AGENTS_HOME/$kind/run.sh"
  [ -x "$script" ] || die "no agent script $script"
  session="$kind-$target-$(date +%s)"
  worktree="$WORKTREES/$session"
  git -C "$FACTORY_REPO_CHECKOUT" worktree add --quiet --detach "$worktree" origin/main
  tmux new-session -d -s "$session" -c "$worktree" \
    "FACTORY_HOME=$FACTORY_HOME $script $target; $FACTORY_HOME/bin/factory-reap $session"
  log_info "$kind #$target: started in $session"
}
