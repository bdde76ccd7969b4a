#!/usr/bin/env bash
# Scale of the shapley pipeline on COMPAS-sized synthetic data (5334 rows, binary Y and A, n
# ternary features: the first two drive Y, the third is a proxy of A, the rest noise):
#  - exact enumeration of all 2^n subsets for each n in NS at each rank count of RANKS (default
#    "1 2"): wall time of the shapley stage, time per subset, and the work counters of the
#    Gray-code walk (/shapley/work: subsets whose partition equals the previous one's, BROJA
#    solves, of which warm-started, solves answered by an earlier equal program, joint-code
#    updates per subset);
#  - permutation sampling at n = 40 (antithetic pairs until every standard error is below 1 % of
#    the total, at most MAX_PAIRS pairs): estimates with standard errors.
# Usage: bench/shapley_scale.sh BUILD_DIR [NS] [MAX_PAIRS]   e.g. bench/shapley_scale.sh build "8 10 12" 64
#        RANKS=2 SAMPLED=0 bench/shapley_scale.sh build 20     (n = 20 exact at 2 ranks only)
set -euo pipefail
build=$1 ns=${2:-"8 10 12"} max_pairs=${3:-64}
bin=$build/admissible
source "$(dirname "$0")/../tests/mpi/mpi_env.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
here=$(cd "$(dirname "$0")" && pwd)
source "$here/workloads.sh"  # shapley_data, shapley_config
data() { shapley_data "$1" 5334 "$2"; }  # data N FILE
config() {  # config N FILE METHOD: a shapley config on $tmp/dataN.csv
  {
    shapley_config "$1" "$tmp/data$1.csv" "scale$1" "$3"
    cat <<EOT
chunks = 1024
store_subsets = false
[shapley.sampling]
batch_pairs = 16
min_pairs = 32
max_pairs = $max_pairs
relative_error = 0.01
EOT
  } > "$2"
}
stage_time() { h5dump -d /timing/shapley -y -w 0 "$1" | awk '/DATA \{/{on=1; next} /\}/{on=0} on' | tr -d ' ,'; }
work() { h5dump -d /shapley/work -y -w 0 "$1" | awk '/DATA \{/{on=1; next} /\}/{on=0} on' | tr -d ' ' | tr ',' ' '; }
printf '%4s %6s %10s %12s %14s %10s %10s %10s %10s %10s\n' n ranks subsets stage_s us_per_subset \
  same_part solves warm remembered upd/subset
for n in $ns; do
  data "$n" "$tmp/data$n.csv"
  config "$n" "$tmp/exact$n.toml" exact
  for r in ${RANKS:-1 2}; do
    mpi "$r" "$bin" run "$tmp/exact$n.toml" --out "$tmp/e$n.$r.h5" > /dev/null
    t=$(stage_time "$tmp/e$n.$r.h5")
    awk -v n="$n" -v r="$r" -v t="$t" -v w="$(work "$tmp/e$n.$r.h5")" 'BEGIN {
      s = 2 ^ n; split(w, c, " ")
      printf "%4d %6d %10d %12.3f %14.1f %10d %10d %10d %10d %10.2f\n", n, r, s, t, 1e6 * t / s,
        c[1], c[2], c[3], c[4], c[5] / s }'
  done
done
[ "${SAMPLED:-1}" = 1 ] || exit 0
data 40 "$tmp/data40.csv"
config 40 "$tmp/sampled40.toml" sampled
mpi 2 "$bin" run "$tmp/sampled40.toml" --out "$tmp/s40.h5" | sed -n '/Shapley/,/^  alpha 0 /p'
echo "pairs: $(h5dump -d /shapley/pairs -y -w 0 "$tmp/s40.h5" | awk '/DATA \{/{getline; print $1}'), shapley stage: $(stage_time "$tmp/s40.h5") s at 2 ranks"
