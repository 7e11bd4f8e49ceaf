#!/usr/bin/env bash
# PrairieLearn runs this in the grading container for each submission: it grades
# ROOT/student into ROOT/results/results.json, with the question's
# ROOT/tests/grader.toml. hexgrade and what it needs are in the folder beside this
# script, so grading needs no network and nothing installed in the image but Python
# 3.11 or later.
#   grade.sh [ROOT]   ROOT: default /grade, or HEXGRADE_ROOT;
#                     HEXGRADE_PYTHON: the Python to grade with (default python3).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root="${1:-${HEXGRADE_ROOT:-/grade}}"
# -S -P: only the packages shipped here, never others of the same names in the image
# or in the current folder
PYTHONPATH="$here/site" exec "${HEXGRADE_PYTHON:-python3}" -S -P -m autograder.integrations.platforms.upload \
  prairielearn "$root/student" "$root/results/results.json" --config "$root/tests/grader.toml"
