#!/usr/bin/env bash
# InfoGram paper, appendix A.4 (UC Berkeley admissions), self-consistency (not published figures;
# those are in configs/infogram/expect.toml): the results the repro_infogram test wrote in
# OUT/infogram against independent computations:
#  - alpha = MI(Y, G | D), AIR, AIR within departments B and D and CAIR from the counts with awk;
#  - the p-value against the asymptotic chi-square(2) p-value of the G-test (2 n ln 2 alpha);
#  - the count table (data.counts) against the same table expanded by hand to one row per
#    applicant: the two runs give the same result file, bit for bit.
#   infogram_ucb_counts.sh BIN OUT
set -euo pipefail
here=$(dirname "$0")
source "$here/compare.sh"
source "$here/../lib/h5.sh"
need_data
bin=$1 out=$2/infogram
for f in infogram_ucb_admissions infogram_ucb_dept_B infogram_ucb_dept_D; do
  [ -f "$out/$f.h5" ] || { echo "no $out/$f.h5: run the repro_infogram test first"; exit 1; }
done
config="$here/../../configs/infogram/infogram_ucb_admissions.toml"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
rowg() {  # like row, for small numbers
  local verdict
  verdict=$(awk -v a="$2" -v b="$3" -v t="$4" \
      'BEGIN { d = a - b; if (d < 0) d = -d; print (d <= t ? "ok" : "DIFFERS") }')
  printf '%-40s %12.4g %12.4g %10.2g  %s\n' "$1" "$2" "$3" "$4" "$verdict"
  [ "$verdict" = ok ] || failed=$((failed + 1))
}
csv="$ADMISSIBLE_DATA/ucb_admissions/UCBAdmissions.csv"
h5=$out/infogram_ucb_admissions.h5
alpha=$(h5vals "$h5" /alfa/outcome/alpha_in_sample)
air=$(h5vals "$h5" /alfa/outcome/air/Gender)
cair=$(h5vals "$h5" /alfa/outcome/cair/Gender)
p=$(h5vals "$h5" /alfa/outcome/p_value)
n=$(h5vals "$h5" /data/rows)
air_b=$(h5vals "$out/infogram_ucb_dept_B.h5" /alfa/outcome/air/Gender)
air_d=$(h5vals "$out/infogram_ucb_dept_D.h5" /alfa/outcome/air/Gender)

# The same table expanded by hand to one row per applicant: the same results, bit for bit.
awk -F, 'NR == 1 { print "Admit,Gender,Dept"; next }
         { gsub(/"/, ""); for (i = 0; i < $4; i++) print $1 "," $2 "," $3 }' "$csv" > "$tmp/long.csv"
sed -e "s|^source = .*|source = \"$tmp/long.csv\"|" -e '/^counts = /d' "$config" > "$tmp/long.toml"
"$bin" run "$tmp/long.toml" --out "$tmp/long.h5" > /dev/null \
  2> "$tmp/err" || { cat "$tmp/err"; exit 1; }
same=ok
"$bin" compare "$h5" "$tmp/long.h5" --exclude /config > "$tmp/diff" || same=DIFFERS

# Independent check from the counts: the plug-in MI(Y, G | D) in bits and the AIRs.
read -r exact_alpha exact_air exact_b exact_d exact_cair < <(awk -F, 'NR > 1 {
    gsub(/"/, ""); if ($3 != "B" && $3 != "D") next
    c[$1, $2, $3] += $4; n += $4; gd[$2, $3] += $4; yd[$1, $3] += $4; dd[$3] += $4
    if ($1 == "Admitted") { a[$2, $3] += $4; ag[$2] += $4 } tg[$2] += $4 }
  END {
    for (k in c) { split(k, s, SUBSEP)
      mi += c[k] / n * log(c[k] * dd[s[3]] / (gd[s[2], s[3]] * yd[s[1], s[3]])) / log(2) }
    m = ag["Male"] / tg["Male"]; f = ag["Female"] / tg["Female"]
    air = (m < f ? m / f : f / m)
    for (d in dd) { m = a["Male", d] / gd["Male", d]; f = a["Female", d] / gd["Female", d]
      r[d] = (m < f ? m / f : f / m); cair += dd[d] / n * r[d] }
    printf "%.17g %.17g %.17g %.17g %.17g\n", mi, air, r["B"], r["D"], cair }' "$csv")
asym=$(awk -v a="$alpha" -v n="$n" 'BEGIN { print exp(-n * log(2) * a) }')  # chi2(2) tail of 2 n ln2 a

table_header
rowg "alpha vs plug-in from the counts" "$alpha" "$exact_alpha" 1e-12
printf '%-40s %12s %12s %10s  %s\n' "count table vs expanded by hand" "result" "result" "0" "$same"
[ "$same" = ok ] || { cat "$tmp/diff"; failed=$((failed + 1)); }
rowg "AIR vs counts" "$air" "$exact_air" 1e-12
rowg "AIR | D = B vs counts" "$air_b" "$exact_b" 1e-12
rowg "AIR | D = D vs counts" "$air_d" "$exact_d" 1e-12
rowg "CAIR vs counts" "$cair" "$exact_cair" 1e-12
rowg "p-value vs chi2(2) asymptotic" "$p" "$asym" 0.02
[ "$failed" -eq 0 ] || { echo "$failed figure(s) differ"; exit 1; }
