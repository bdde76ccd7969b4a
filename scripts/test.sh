#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and runs every test: unit (Catch2), MPI at 1/2/4 ranks, command line,
# the bad-input corpus, and the Slurm test on a local one-node cluster. Extra arguments go to ctest
# (e.g. -L unit, -R resume).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
scripts/setup.sh
cd "$BUILD_DIR"
ctest --output-on-failure -j "$(nproc)" "$@"
