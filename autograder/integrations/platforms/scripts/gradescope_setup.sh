#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image: it
# installs bubblewrap (the sandbox's namespaces) and a Python of 3.11 or later, then
# hexgrade from the wheel beside this script, with its dependencies, in a virtual
# environment of its own.
#   bash setup.sh [ROOT]   ROOT: where Gradescope's folders are (default /autograder,
#                          or HEXGRADE_ROOT); HEXGRADE_VENV: the virtual environment
#                          (default ROOT/hexgrade-venv; one made already is used);
#                          HEXGRADE_NO_APT=1: install no system packages.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root="${1:-${HEXGRADE_ROOT:-/autograder}}"
venv="${HEXGRADE_VENV:-$root/hexgrade-venv}"

recent() { "$1" -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; }
python_here() {
  for candidate in python3.13 python3.12 python3.11 python3; do
    if command -v "$candidate" >/dev/null && recent "$candidate"; then
      command -v "$candidate"; return 0
    fi
  done
  return 1
}

if [ "$(id -u)" = 0 ] && [ -z "${HEXGRADE_NO_APT:-}" ] && command -v apt-get >/dev/null; then
  packages=(bubblewrap)
  if [ ! -x "$venv/bin/python" ] && ! python_here >/dev/null; then
    packages+=(python3.11 python3.11-venv)  # Ubuntu 22.04's own python3 is 3.10
  fi
  echo "setup.sh: apt-get install ${packages[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}"
fi

if [ ! -x "$venv/bin/python" ]; then
  if ! python=$(python_here); then
    echo "setup.sh: no Python 3.11 or later with its venv module here" >&2
    exit 1
  fi
  echo "setup.sh: $python -m venv $venv"
  "$python" -m venv "$venv"
fi
wheel=$(ls "$here"/hexgrade-*.whl)
pip=("$venv/bin/python" -m pip install -q --disable-pip-version-check --root-user-action=ignore)
echo "setup.sh: pip install $(basename "$wheel") into $venv"
"${pip[@]}" "$wheel"
# the wheel's own files, even where an equal version was found installed already
"${pip[@]}" --no-deps --force-reinstall "$wheel"
