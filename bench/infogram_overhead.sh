#!/usr/bin/env bash
# Overhead of the InfoGram pipeline over the learner fits it needs, on Adult (the paper's
# Example 8, configs/infogram/infogram_adult.toml) at 1 rank: the pipeline's wall time (its /timing
# infogram + alfa stages, and the whole process) over the sum of the same fits timed one by one in
# a plain loop by bench_infogram_fits (measured, not extrapolated from one fit; see its header for
# the list). Everything the pipeline does besides fitting (task farm, checkpoint journal,
# assembling the estimates, HDF5, SVG) is the difference. Both are run REPEAT times (default 2)
# and the fastest of each is kept, since the machine may be shared. On a shared machine wall times
# swing with the other load, so the same ratio is also given in process CPU time (the whole
# pipeline process, user + system, against the fits' CPU time; XGBoost runs with nthread = 1).
#   bench/infogram_overhead.sh [BUILD_DIR] [ALFA_REPLICATES]     (default build, 20)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}; boot=${2:-20}
export ADMISSIBLE_DATA=${ADMISSIBLE_DATA:-$(cd "$here/../.." && pwd)/shared/data}
[ -d "$ADMISSIBLE_DATA" ] || { echo "no shared data folder ($ADMISSIBLE_DATA)"; exit 1; }
[ -x "$build/bench/bench_infogram_fits" ] || ninja -C "$build" bench_infogram_fits admissible > /dev/null
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
sed -e "s/^bootstrap = .*/bootstrap = $boot/" "$here/../configs/infogram/infogram_adult.toml" > "$tmp/adult.toml"
vals() {  # a dataset's values without its attributes
  h5dump -A 0 -m '%.17g' -d "$2" -y -w 0 "$1" | awk '/DATA \{/{on=1; next} /^ *\}/{on=0} on' |
    tr ',' '\n' | sed -e 's/^ *//' -e 's/ *$//' -e 's/"//g' | grep -v '^$'
}
best() { sort -g | head -1; }
for r in $(seq "${REPEAT:-2}"); do
  start=$(date +%s.%N)
  /usr/bin/time -f '%U %S' -o "$tmp/cpu_run" \
    "$build/admissible" run "$tmp/adult.toml" --out "$tmp/adult.h5" > /dev/null 2>&1
  awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }' >> "$tmp/wall"
  awk '{ print $1 + $2 }' "$tmp/cpu_run" >> "$tmp/cpu"
  awk -v a="$(vals "$tmp/adult.h5" /timing/infogram)" -v b="$(vals "$tmp/adult.h5" /timing/alfa)" \
    'BEGIN { print a + b }' >> "$tmp/stages"
  xa=$(vals "$tmp/adult.h5" /infogram/admissible_set | paste -sd,)
  "$build/bench/bench_infogram_fits" "$tmp/adult.toml" "$xa" "$boot" > "$tmp/fits$r"
done
wall=$(best < "$tmp/wall"); stages=$(best < "$tmp/stages"); cpu=$(best < "$tmp/cpu")
for k in sum_fit sum_fit_predict sum_all cpu_fit; do
  cat "$tmp"/fits* | awk -v k=$k '$1 == k { print $2 }' | best | sed "s/^/$k /"
done > "$tmp/sums"
head -n -5 "$tmp/fits1"
get() { awk -v k="$1" '$1 == k { print $2 }' "$tmp/sums"; }
printf 'fits (fastest of %s): XGBoost fit %.2f s, + predictions %.2f s, + matrices %.2f s\n' \
  "${REPEAT:-2}" "$(get sum_fit)" "$(get sum_fit_predict)" "$(get sum_all)"
printf 'pipeline (fastest of %s): infogram + alfa stages %.2f s, whole process %.2f s (1 rank)\n' \
  "${REPEAT:-2}" "$stages" "$wall"
awk -v s="$stages" -v w="$wall" -v f="$(get sum_fit)" -v fp="$(get sum_fit_predict)" -v a="$(get sum_all)" \
  'BEGIN { printf "ratio  stages / XGBoost fits                   %.3f\n", s / f
           printf "ratio  stages / (fits + predictions)         %.3f\n", s / fp
           printf "ratio  stages / (fits + predictions + matrices) %.3f\n", s / a
           printf "ratio  whole process / XGBoost fits          %.3f\n", w / f }'
printf 'CPU time (fastest of %s): whole process %.2f s, XGBoost fits %.2f s, ratio %.3f\n' \
  "${REPEAT:-2}" "$cpu" "$(get cpu_fit)" "$(awk -v c="$cpu" -v f="$(get cpu_fit)" 'BEGIN { print c / f }')"
