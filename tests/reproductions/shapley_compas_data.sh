#!/usr/bin/env bash
# shapley_compas_data.sh IN OUT: the COMPAS data of Table 2 of the fairness-aware feature selection
# paper, from ProPublica's compas-scores-two-years.csv (7214 defendants):
#  - rows: race African-American or Caucasian, and ProPublica's own screening filter
#    (|days_b_screening_arrest| <= 30, is_recid != -1, c_charge_degree != "O",
#    score_text != "N/A"), which drops the records with missing screening or jail data;
#  - features as the paper describes them: age (age_cat: < 25, 25-45, > 45), charge_degree
#    (F/M), gender (sex), prior_counts (0, 1-3, > 3 from priors_count), length_of_stay
#    (c_jail_out - c_jail_in: <= 1 week, <= 3 months, > 3 months); A = race; Y = two_year_recid.
# This gives 5278 records (3175 African-American, 2103 Caucasian); the paper reports 5334
# (3247 / 2087) without saying how its records were chosen. No other combination of ProPublica's
# filters and missing-value drops gives 5334 (checked in R, see the report of issue 5).
set -euo pipefail
in=$1 out=$2
awk -F, '
# Days since 1970-01-01 of a "YYYY-MM-DD HH:MM:SS" time (civil-from-days, Howard Hinnant).
function days(s,   y, m, d, era, yoe, doy, doe, hh) {
  y = substr(s, 1, 4) + 0; m = substr(s, 6, 2) + 0; d = substr(s, 9, 2) + 0
  hh = substr(s, 12, 2) * 3600 + substr(s, 15, 2) * 60 + substr(s, 18, 2)
  if (m <= 2) y -= 1
  era = int(y / 400); yoe = y - era * 400
  doy = int((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1
  doe = yoe * 365 + int(yoe / 4) - int(yoe / 100) + doy
  return era * 146097 + doe - 719468 + hh / 86400
}
{ sub(/\r$/, "") }
NR == 1 { for (i = 1; i <= NF; i++) if (!($i in col)) col[$i] = i
          print "age,charge_degree,gender,prior_counts,length_of_stay,race,two_year_recid"; next }
{
  race = $col["race"]
  if (race != "African-American" && race != "Caucasian") next
  dbsa = $col["days_b_screening_arrest"]
  if (dbsa == "" || dbsa + 0 > 30 || dbsa + 0 < -30) next
  if ($col["is_recid"] == -1 || $col["c_charge_degree"] == "O" || $col["score_text"] == "N/A") next
  if ($col["c_jail_in"] == "" || $col["c_jail_out"] == "") next
  p = $col["priors_count"] + 0
  prior = p == 0 ? "0" : (p <= 3 ? "1-3" : ">3")
  los = days($col["c_jail_out"]) - days($col["c_jail_in"])
  stay = los <= 7 ? "<=1w" : (los <= 90 ? "<=3m" : ">3m")
  print $col["age_cat"] "," $col["c_charge_degree"] "," $col["sex"] "," prior "," stay "," race "," $col["two_year_recid"]
}' "$in" > "$out"
