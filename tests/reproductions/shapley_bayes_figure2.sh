#!/usr/bin/env bash
# "Information theoretic measures for fairness-aware feature selection", Figure 2's classifier
# experiment on Table 1's synthetic model, which the program does not compute (Table 1 itself is
# checked by `admissible reproduce shapley`, configs/shapley/expect.toml, where the structure and
# the random model are described). The paper trains a neural network on samples, removing one
# feature at a time; here the Bayes classifier of the exact distribution (no sampling noise), in
# awk: error = cross entropy of P(Y | X without feature i) = H(Y | X without i), bias =
# KL(P(Yhat | A=0) || P(Yhat | A=1)) of the hard Bayes decision. The joint distribution is the awk
# generator below (draw 1 is the table).
# Self-consistency (not a figure): the program's embedded:shapley_synthetic is the same
# distribution, so its u(S) = I(Y; A, X_S) in OUT/shapley/synthetic_1.h5 (written by the
# repro_shapley test) equals the awk plug-in value for S = {X1..X5} and S = {X3}.
#   shapley_bayes_figure2.sh OUT
set -euo pipefail
here=$(dirname "$0")
source "$here/compare.sh"
source "$here/../lib/h5.sh"
need_data  # the repro_shapley fixture is skipped without ../shared/data
h5=$1/shapley/synthetic_1.h5
[ -f "$h5" ] || { echo "no $h5: run the repro_shapley test first"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
joint() {  # joint DRAW: the exact joint distribution as CSV rows y,a,x1..x5,w
  awk -v draw="$1" '
    function rnd() { state = (state * 16807) % 2147483647; return state / 2147483647 }
    function p() { return 0.05 + 0.9 * rnd() }
    function b(q, v) { return v ? q : 1 - q }
    BEGIN {
      state = 1234567 + 7919 * draw; for (k = 0; k < 5; k++) rnd()
      pa = p(); for (i = 0; i < 2; i++) p1[i] = p()
      for (i = 0; i < 2; i++) p5[i] = p()
      p2 = p(); for (i = 0; i < 4; i++) p3[i] = p()
      for (i = 0; i < 4; i++) p4[i] = p()
      for (i = 0; i < 4; i++) py[i] = p()
      print "y,a,x1,x2,x3,x4,x5,w"
      for (c = 0; c < 128; c++) {
        a = int(c / 64) % 2; x1 = int(c / 32) % 2; x2 = int(c / 16) % 2; x3 = int(c / 8) % 2
        x4 = int(c / 4) % 2; x5 = int(c / 2) % 2; y = c % 2
        w = b(pa, a) * b(p1[a], x1) * b(p2, x2) * b(p5[x1], x5) * b(p3[2 * x1 + x2], x3) \
            * b(p4[2 * x2 + x5], x4) * b(py[2 * x3 + x4], y)
        printf "%d,%d,%d,%d,%d,%d,%d,%.17g\n", y, a, x1, x2, x3, x4, x5, w
      }
    }'
}
bayes() {  # bayes FILE: lines "removed error bias" (removed 0: all features), bits
  awk -F, '
    function lg(v) { return v > 0 ? log(v) / log(2) : 0 }
    function key(i, r,   s, j) { s = ""; for (j = 1; j <= 5; j++) if (j != r) s = s x[i, j]; return s }
    NR > 1 { n++; y[n] = $1; a[n] = $2; for (j = 1; j <= 5; j++) x[n, j] = $(2 + j); w[n] = $8 }
    END {
      for (r = 0; r <= 5; r++) {
        delete num; delete den; delete pa; delete ph
        for (i = 1; i <= n; i++) { k = key(i, r); den[k] += w[i]; if (y[i]) num[k] += w[i] }
        err = 0
        for (i = 1; i <= n; i++) {
          q = num[key(i, r)] / den[key(i, r)]
          err -= w[i] * lg(y[i] ? q : 1 - q)
          pa[a[i]] += w[i]; if (q > 0.5) ph[a[i]] += w[i]
        }
        p0 = ph[0] / pa[0]; p1 = ph[1] / pa[1]
        if ((p1 == 0 && p0 > 0) || (p1 == 1 && p0 < 1)) kl = 1e300
        else kl = (p0 > 0 ? p0 * lg(p0 / p1) : 0) + (p0 < 1 ? (1 - p0) * lg((1 - p0) / (1 - p1)) : 0)
        printf "%d %.17g %.17g\n", r, err, kl
      }
    }' "$1"
}
# u_bits FILE MASK: I(Y; A, X_S) in bits, S the features whose bit is set in MASK (bit i = X(i+1)).
u_bits() {
  awk -F, -v mask="$2" '
    function lg(v) { return log(v) / log(2) }
    NR > 1 { k = $2; for (j = 1; j <= 5; j++) if (int(mask / 2 ^ (j - 1)) % 2) k = k "," $(2 + j)
             pk[k] += $8; pyk[$1 SUBSEP k] += $8; py[$1] += $8 }
    END { for (c in pyk) { split(c, s, SUBSEP); i += pyk[c] * lg(pyk[c] / (pk[s[2]] * py[s[1]])) }
          printf "%.17g\n", i }' "$1"
}
order() { printf '%s\n' "$@" | awk '{ print NR, $1 }' | sort -k2,2 -g -r -s | awk '{ printf "%s%s", (NR > 1 ? ">" : ""), $1 }'; }
run_draw() {  # run_draw DRAW: sets err, bias (index 0: all features), their orders
  joint "$1" > "$tmp/joint$1.csv"
  mapfile -t err < <(bayes "$tmp/joint$1.csv" | awk '{ print $2 }')
  mapfile -t bias < <(bayes "$tmp/joint$1.csv" | awk '{ print $3 }')
  err_order=$(order "${err[@]:1}") bias_order=$(order "${bias[@]:1}")
  top_err=$(echo "${err_order:0:3}" | tr '>' '\n' | sort | paste -sd' ')
  low_bias=${bias_order: -1}
  # ties at the low end: every feature whose removal gives the lowest bias
  low_bias_set=$(printf '%s\n' "${bias[@]:1}" | awk -v m="${bias[$low_bias]}" '$1 == m { printf "%s%d", (c++ ? " " : ""), NR }')
}
run_draw 1
mapfile -t u < <(h5vals "$h5" /shapley/subsets/u)
table_header
row "self: u({X1..X5}) = awk I(Y; A, X)" "${u[31]}" "$(u_bits "$tmp/joint1.csv" 31)" 1e-12
row "self: u({X3}) = awk I(Y; A, X3)" "${u[4]}" "$(u_bits "$tmp/joint1.csv" 4)" 1e-12
echo
printf '%-8s %-14s %s\n' removed "error (bits)" "bias (bits)"
printf '%-8s %.6f %12.4g\n' none "${err[0]}" "${bias[0]}"
for i in 1 2 3 4 5; do printf '%-8s %.6f %12.4g\n' "X$i" "${err[$i]}" "${bias[$i]}"; done
echo
say() {  # say CLAIM OURS PAPER VERDICT
  printf '%-44s %14s %14s  %s\n' "$1" "$2" "$3" "$4"
  [ "${4%% *}" != DIFFERS ] || failed=$((failed + 1))
}
printf '%-44s %14s %14s  %s\n' claim ours paper verdict
say "Fig. 2, error largest when X3 or X4 removed" "$top_err" "3 4" "$([ "$top_err" = "3 4" ] && echo ok || echo DIFFERS)"
# The Bayes classifier ignores every non-parent of Y given X3, X4: removing X1 changes nothing.
say "Fig. 2, bias lowest when X1 removed" "$low_bias_set" 1 \
  "$(case " $low_bias_set " in *" 1 "*) [ "$low_bias_set" = 1 ] && echo ok || echo "tie (Bayes rule ignores X1, X2, X5)";; *) echo "DIFFERS";; esac)"
n_err=0
for d in $(seq 1 20); do
  run_draw "$d"
  [ "$top_err" = "3 4" ] && n_err=$((n_err + 1))
done
echo "over 20 random models: removing X3 or X4 costs most in $n_err (information)"
[ "$failed" -eq 0 ] || { echo "$failed claim(s) differ"; exit 1; }
