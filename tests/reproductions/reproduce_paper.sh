#!/usr/bin/env bash
# One paper's reproduction through the program: `admissible reproduce PAPER` runs the configs its
# configs/PAPER/expect.toml needs into OUT/PAPER (emptied first, so nothing stale is checked) and
# prints the verdict table; its exit code is the test's (4: a figure differs without explanation).
# Exit 77 (skipped) without ../shared/data.
#   reproduce_paper.sh BIN PAPER OUT
set -euo pipefail
here=$(dirname "$0")
source "$here/compare.sh"
need_data
bin=$1 paper=$2 out=$3
rm -rf "${out:?}/$paper"
"$bin" reproduce "$paper" --configs "$here/../../configs" --out "$out"
