#!/usr/bin/env bash
# Installs the Debian 12 packages admissible needs (only those missing), then configures and builds
# in Release. Idempotent: a second run installs nothing and rebuilds only what changed.
#   scripts/setup.sh            set up and build
#   scripts/setup.sh --demo     ... then run the demo on the embedded synthetic dataset
# Environment: BUILD_DIR (default ./build), ADM_SKIP_APT=1 to skip package installation.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}

PACKAGES=(
  build-essential cmake ninja-build git ccache      # toolchain (ccache: cheap rebuilds)
  libopenmpi-dev openmpi-bin                        # MPI
  libhdf5-dev hdf5-tools                            # result files (src/io only), h5dump for tests
  libtomlplusplus-dev libcli11-dev catch2           # configs, command line, unit tests
  libxgboost-dev                                    # gradient boosting (src/learn)
  libeigen3-dev                                     # linear algebra (GLM, lasso)
  libnanoflann-dev                                  # k-d tree (Fair Forests' Inconsistency)
  coinor-libipopt-dev pkg-config                    # nonlinear programs (fair naive Bayes; NLP baseline)
  slurm-wlm munge                                   # the local Slurm cluster of the Slurm test
  clang libclang-rt-14-dev                          # the Clang build and libFuzzer (tests/fuzz)
  chromium                                          # headless browser of the HTML report test
)

if [ "${ADM_SKIP_APT:-0}" != 1 ]; then
  missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "setup: installing ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
  fi
fi

cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build "$BUILD_DIR" -j "$(nproc)"

if [ "${1:-}" = "--demo" ]; then
  "$BUILD_DIR/admissible" demo
fi
