#!/usr/bin/env bash
# Table 2 of "Information theoretic measures for fairness-aware feature selection": marginal
# accuracy (phi_acc) and discrimination (phi_D) coefficients of the COMPAS features, exact Shapley
# values over all 32 subsets (configs/shapley/shapley_compas.toml, which also builds the data set from
# ProPublica's file: filters and derived columns are config, see its header).
# What is compared:
#  - the orderings the paper draws conclusions from: phi_D ranks Age > Prior Counts > Length of
#    Stay > Gender > Charge Degree ("Prior Count and Age exhibit strongest proxies"), phi_acc is
#    largest for Prior Counts and smallest for Gender and Charge Degree ("least informative");
#  - magnitudes, order of magnitude only (tolerance: a factor of 3): the paper does not state its
#    log base (our values in nats are much closer, so nats are shown) and its 5334 records cannot
#    be rebuilt from ProPublica's file (ProPublica's filter gives 5278; see the config's header).
# The full paper ordering of phi_acc has Length of Stay (1.829) just above Age (1.789); ours has
# them the other way round: reported, not failed (the two differ by 2 % in the paper).
set -euo pipefail
here=$(dirname "$0")
source "$here/compare.sh"
source "$here/../lib/h5.sh"
need_data
bin=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$bin" run "$here/../../configs/shapley/shapley_compas.toml" --out "$tmp/compas.h5" > "$tmp/log"
sed -n '/^data:/,/^  race/p' "$tmp/log"
mapfile -t acc < <(h5vals "$tmp/compas.h5" /shapley/phi_acc)
mapfile -t dis < <(h5vals "$tmp/compas.h5" /shapley/phi_d)
names=("Age" "Charge Degree" "Gender" "Prior Counts" "Length of Stay")
paper_acc=(1.7892 0.1723 0.4186 3.6116 1.8290)  # 1e2 x phi_acc
paper_d=(6.0904 1.3916 1.6849 5.0466 2.3126)     # 1e6 x phi_D
ln2=0.69314718055994531
# factor LABEL OURS PAPER: ok when within a factor of 3.
factor() {
  local verdict
  verdict=$(awk -v a="$2" -v b="$3" 'BEGIN { r = a / b; print (r <= 3 && r >= 1 / 3 ? "ok" : "DIFFERS") }')
  printf '%-40s %12.4f %12.4f %10s  %s\n' "$1" "$2" "$3" "x3" "$verdict"
  [ "$verdict" = ok ] || failed=$((failed + 1))
}
table_header
for i in 0 1 2 3 4; do
  factor "1e2 phi_acc (nats) ${names[$i]}" "$(awk -v v="${acc[$i]}" -v l=$ln2 'BEGIN{print 100*v*l}')" "${paper_acc[$i]}"
done
for i in 0 1 2 3 4; do
  factor "1e6 phi_D (nats^3) ${names[$i]}" "$(awk -v v="${dis[$i]}" -v l=$ln2 'BEGIN{print 1e6*v*l*l*l}')" "${paper_d[$i]}"
done
# order VALUES...: feature names (1-based indices) by decreasing value.
order() { printf '%s\n' "$@" | awk '{ print NR, $1 }' | sort -k2,2 -g -r | awk '{ printf "%s%s", (NR > 1 ? ">" : ""), $1 }'; }
say() {
  printf '%-40s %12s %12s %10s  %s\n' "$1" "$2" "$3" - "$4"
  [ "$4" != DIFFERS ] || failed=$((failed + 1))
}
ours_d=$(order "${dis[@]}")
say "phi_D order (1=Age .. 5=LoS)" "$ours_d" "1>4>5>3>2" "$([ "$ours_d" = "1>4>5>3>2" ] && echo ok || echo DIFFERS)"
ours_acc=$(order "${acc[@]}")
say "phi_acc largest: Prior Counts" "${ours_acc:0:1}" 4 "$([ "${ours_acc:0:1}" = 4 ] && echo ok || echo DIFFERS)"
low=$(echo "$ours_acc" | tr '>' '\n' | tail -2 | sort | tr '\n' ' ')
say "phi_acc two smallest: Charge, Gender" "$low" "2 3 " "$([ "$low" = "2 3 " ] && echo ok || echo DIFFERS)"
say "phi_acc full order" "$ours_acc" "4>5>1>3>2" \
  "$([ "$ours_acc" = "4>5>1>3>2" ] && echo ok || echo "differs (explained: LoS ~ Age in the paper)")"
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }
