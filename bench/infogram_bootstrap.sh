#!/usr/bin/env bash
# Strong scaling of the ALFA bootstrap on Adult (configs/infogram/infogram_adult.toml with B replicates,
# default 200): the whole run at each rank count (mpirun -q -np N), its wall time, the ALFA stage's
# own time (/timing/alfa), speed-ups vs the first rank count, and whether every result is
# identical to the first (admissible compare, /timing excluded).
#   bench/infogram_bootstrap.sh [BIN] [RANKS...]      default: build/admissible 1 2
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../build/admissible}; shift || true
ranks=("$@"); [ ${#ranks[@]} -gt 0 ] || ranks=(1 2)
export ADMISSIBLE_DATA=${ADMISSIBLE_DATA:-$(cd "$here/../.." && pwd)/shared/data}
[ -d "$ADMISSIBLE_DATA" ] || { echo "no shared data folder ($ADMISSIBLE_DATA)"; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
boot=${BOOTSTRAP:-200}
sed -e "s/^bootstrap = .*/bootstrap = $boot/" "$here/../configs/infogram/infogram_adult.toml" > "$tmp/adult.toml"
vals() {  # a dataset's values without its attributes
  h5dump -A 0 -m '%.17g' -d "$2" -y -w 0 "$1" | awk '/DATA \{/{on=1; next} /^ *\}/{on=0} on' |
    tr ',' '\n' | sed -e 's/^ *//' -e 's/ *$//' -e 's/"//g' | grep -v '^$'
}
echo "Adult fair InfoGram + ALFA bootstrap B=$boot, cores=$(nproc) (load average before each run is"
echo "printed: other work on the machine takes cores away from the ranks)"
base=""; base_alfa=""
for n in "${ranks[@]}"; do
  load=$(cut -d' ' -f1 /proc/loadavg)
  start=$(date +%s.%N)
  mpirun -q -np "$n" "$bin" run "$tmp/adult.toml" --out "$tmp/r$n.h5" > /dev/null 2>&1
  t=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
  alfa=$(vals "$tmp/r$n.h5" /timing/alfa)
  [ -n "$base" ] || { base=$t; base_alfa=$alfa; }
  same=$("$bin" compare "$tmp/r${ranks[0]}.h5" "$tmp/r$n.h5" | tail -1)
  printf "ranks %3d  load %5s  run %7.2f s (speed-up %5.2f)  alfa stage %7.2f s (speed-up %5.2f)  %s\n" \
    "$n" "$load" "$t" "$(awk -v a="$base" -v b="$t" 'BEGIN { print a / b }')" \
    "$alfa" "$(awk -v a="$base_alfa" -v b="$alfa" 'BEGIN { print a / b }')" "$same"
done
printf "alpha %s bits, p-value %s\n" "$(vals "$tmp/r${ranks[0]}.h5" /alfa/outcome/alpha)" \
  "$(vals "$tmp/r${ranks[0]}.h5" /alfa/outcome/p_value)"
