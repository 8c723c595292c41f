#!/bin/bash
# Instructions (valgrind callgrind) of benchmarks/studies/clash_workload.py in the trees of the commits
# given, e.g. `benchmarks/studies/clash_instructions.sh 517d0de HEAD`: deterministic, so a shared machine's
# load does not change them. Prints "mode commit instructions"; `none` (the set-up) is run twice, the
# first run warming the content cache, and is to be subtracted from `random` and `greedy`.
set -e
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for commit in "$@"; do
  mkdir -p "$work/$commit/rulewright"
  git -C "$root" archive "$commit" | tar -x -C "$work/$commit/rulewright"
  for mode in none none random greedy; do
    n=$(cd "$work" && PYTHONPATH="$work/$commit" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python "$root/benchmarks/studies/clash_workload.py" "$mode" 2>&1 | grep "Collected" | awk '{print $4}')
    echo "$mode $commit $n"
  done
done
