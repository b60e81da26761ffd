#!/usr/bin/env bash
# The README's test command three times in a row on a clean clone, with one CPU-bound
# process beside it (issue 31: "green on two busy cores"). Prints one line per run.
#
#     bash bench/loaded_runs.sh [CLONE_DIR]
set -u
repo="$(cd "$(dirname "$0")/.." && pwd)"
dir="${1:-$(mktemp -d)/architect}"
git clone -q "$repo" "$dir" && cd "$dir" || exit 2
python3 -m venv .venv && .venv/bin/python -m pip install --quiet --upgrade pip \
  && .venv/bin/pip install --quiet -e '.[dev,all,claude]' || exit 2
python3 -c "while True: pass" &
hog=$!
trap 'kill $hog 2>/dev/null' EXIT
status=0
for run in 1 2 3; do
  start=$(date +%s)
  .venv/bin/pytest -q -p no:cacheprovider -n auto -m 'not llama' > "run$run.log" 2>&1
  rc=$?
  [ $rc -eq 0 ] || status=1
  echo "run $run: exit $rc in $(( $(date +%s) - start )) s: $(tail -1 "run$run.log")"
done
exit $status
