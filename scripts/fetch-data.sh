#!/usr/bin/env bash
# Downloads the public data sets the configs read from their original publishers (UCI, ProPublica,
# the papers' authors; ../shared/data/MANIFEST.md says what each file is and where it came from),
# applies the documented transform where a file is derived (header added, cleaned, converted),
# checks every SHA-256 against scripts/data-files.sha256 and lays the files out as ADMISSIBLE_DATA
# expects (DIR/adult/adult_train_clean.csv, ...).
#
#   scripts/fetch-data.sh [DIR]            download into DIR (default: ../shared/data beside the
#                                          clone, where the tests and configs look for it)
#   scripts/fetch-data.sh --verify DIR     check an existing folder offline (exit 1 on a missing or
#                                          changed file)
#   scripts/fetch-data.sh --from MIRROR [--only "FILE..."] DIR
#                                          take the downloads from a local folder laid out as the
#                                          publishers' paths below (or as DIR itself) instead of
#                                          the network
#
# Four files need R (Rscript) to convert: the R data sets iris is not among them (it is derived
# from scikit-learn's copy), but UCBAdmissions and the sda microarray data (prostate, SRBCT) are.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
sums="$here/data-files.sha256"

usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }

# sha256 of a file, or empty when it is missing.
sha_of() { [ -f "$1" ] && sha256sum "$1" | cut -d' ' -f1 || true; }
expected_sha() { awk -v f="$1" '$1 !~ /^#/ && $2 == f { print $1 }' "$sums"; }
listed_files() { awk '$1 !~ /^#/ && NF == 2 { print $2 }' "$sums"; }

verify() {
  local dir=$1 bad=0 f want got
  [ -d "$dir" ] || { echo "fetch-data: $dir: no such folder" >&2; exit 2; }
  while read -r f; do
    want=$(expected_sha "$f")
    got=$(sha_of "$dir/$f")
    if [ -z "$got" ]; then
      echo "MISSING  $f"; bad=1
    elif [ "$got" != "$want" ]; then
      echo "CHANGED  $f (sha256 $got, expected $want)"; bad=1
    else
      echo "ok       $f"
    fi
  done < <(listed_files)
  [ $bad -eq 0 ] && echo "fetch-data: all $(listed_files | wc -l) files verified in $dir" ||
    echo "fetch-data: verification FAILED in $dir" >&2
  return $bad
}

# ---- where each file comes from ------------------------------------------------------------
uci=https://archive.ics.uci.edu/ml/machine-learning-databases
gh=https://raw.githubusercontent.com
corels=$gh/corels/corels/3a57a7e7537f9416e5e05c0e0ae9a1202b3ae95c/data
sklearn=$gh/scikit-learn/scikit-learn/1.2.1/sklearn/datasets/data
fairnb=$gh/UCLA-StarAI/LearnFairNB/f922d885399955737bd9f16a104f700004cd3846/data/processed_data
monks=$gh/vishwesh-D-kumar/NaiveBayesClassifier/e6aea3b308f2d73ac09aef48dd4e649f744a556a
sda=$gh/cran/sda/e63199d889983ff06c3474cf1c09189a2f7d80d7/data

# FILE -> "URL" (verbatim) or "derive:FUNCTION INPUT..." (INPUTs are URLs or listed files).
source_of() {
  case $1 in
    adult/adult.data) echo "$uci/adult/adult.data" ;;
    adult/adult.test) echo "$uci/adult/adult.test" ;;
    adult/adult_train_clean.csv) echo "derive:adult_clean adult/adult.data" ;;
    adult/adult_test_clean.csv) echo "derive:adult_clean adult/adult.test" ;;
    breast_cancer_wdbc/wdbc.data) echo "$uci/breast-cancer-wisconsin/wdbc.data" ;;
    breast_cancer_wdbc/wdbc_with_header.csv) echo "derive:wdbc_header breast_cancer_wdbc/wdbc.data" ;;
    compas/compas-scores-two-years.csv)
      echo "$gh/propublica/compas-analysis/bafff5da3f2e45eca6c2d5055faad269defd135a/compas-scores-two-years.csv" ;;
    compas/corels_compas_train-binary.csv) echo "$corels/compas_train-binary.csv" ;;
    compas/corels_format/*) echo "$corels/${1##*/}" ;;
    credit_default_taiwan/default_of_credit_card_clients.csv)
      echo "derive:taiwan $gh/sbyousuf/credit-card-default-prediction/f8f1f38aeba3fbbec61e01a9c4edd8de3263bbde/default%20of%20credit%20card%20clients.csv" ;;
    diabetes_efron2004/diabetes.csv)
      echo "derive:diabetes $sklearn/diabetes_data_raw.csv.gz $sklearn/diabetes_target.csv.gz" ;;
    faircorels/adult_discretized.csv)
      echo "$gh/ferryjul/fairCORELS/4bd5ecc571f54c4f9894b3317c544160c5e2e869/data/adult/adult_discretized.csv" ;;
    faircorels/compas_rules_full.csv)
      echo "$gh/ferryjul/fairCORELS/bce07d10049a6c6ae07c292fa5202901a5ca99d3/examples/data/compas_rules_full.csv" ;;
    fairnb/*) echo "$fairnb/${1##*/}" ;;
    german/fairness-comparison_german.csv)
      echo "$gh/algofairness/fairness-comparison/80b34d25bb9b0387691c6cb8651f0e40edd262c8/fairness/data/raw/german.csv" ;;
    iris/sklearn_iris.csv) echo "$sklearn/iris.csv" ;;
    iris/R_datasets_iris.csv) echo "derive:r_iris iris/sklearn_iris.csv" ;;
    monks/uci_monks-?_train.csv) local n=${1#monks/uci_monks-}; echo "derive:monks $monks/monks-${n%%_*}.train" ;;
    prostate_singh2002/sda_singh2002.csv) echo "derive:sda_singh $sda/singh2002.rda" ;;
    srbct_khan2001/sda_khan2001.csv) echo "derive:sda_khan $sda/khan2001.rda" ;;
    thera_bank/Bank_Personal_Loan_Modelling.csv)
      echo "$gh/amit-maiti/Predicting-Buying-Persoal-Loan/9301c675ff90aacd476fd308d643516458a3262e/Bank_Personal_Loan_Modelling.csv" ;;
    ucb_admissions/UCBAdmissions.csv) echo "derive:r_ucb" ;;
    *) echo "fetch-data: no source known for $1" >&2; return 1 ;;
  esac
}

# ---- the documented transforms (MANIFEST.md, ORIGIN.md files): INPUT... > OUTPUT --------------
adult_header="age,workclass,fnlwgt,education,education_num,marital_status,occupation,relationship,race,sex,capital_gain,capital_loss,hours_per_week,native_country,income"
# Header added, spaces stripped; the test file's first line ("|1x3 Cross validator") dropped and
# the label's trailing "." removed.
adult_clean() {
  echo "$adult_header"
  if head -1 "$1" | grep -q '^|'; then
    tail -n +2 "$1" | tr -d ' \r' | grep -v '^$' | sed 's/\.$//'
  else
    tr -d ' \r' < "$1" | grep -v '^$'
  fi
}
# Header added: id, diagnosis, then the ten measurements' _mean, _se and _worst (wdbc.names).
wdbc_header() {
  local m=(radius texture perimeter area smoothness compactness concavity concave_points symmetry
    fractal_dimension) h="id,diagnosis" s v
  for s in mean se worst; do for v in "${m[@]}"; do h="$h,${v}_$s"; done; done
  echo "$h"
  grep -v '^$' "$1"
}
# The "X0..X23,Y" line (with the byte-order mark) dropped, CRLF -> LF.
taiwan() { tail -n +2 "$1" | tr -d '\r'; }
# Diabetes: the raw features (space separated) and the target, joined row by row, header added,
# the target written with %g.
diabetes() {
  echo "age,sex,bmi,bp,tc,ldl,hdl,tch,ltg,glu,progression"
  paste -d, <(gzip -dc "$1" | tr -s ' ' ',' | sed 's/^,//; s/,$//') \
    <(gzip -dc "$2" | awk '{ printf "%g\n", $1 }')
}
# R's iris from scikit-learn's copy (both Fisher's values): first line dropped, species names,
# numbers as R writes them (3 for 3.0), R's write.csv header.
r_iris() {
  echo '"Sepal.Length","Sepal.Width","Petal.Length","Petal.Width","Species"'
  tail -n +2 "$1" | tr -d '\r' | awk -F, 'BEGIN { s[0] = "setosa"; s[1] = "versicolor"; s[2] = "virginica" }
    NF == 5 { for (i = 1; i <= 4; i++) { v = $i; sub(/\.0$/, "", v); printf "%s,", v }
              printf "\"%s\"\n", s[$5] }'
}
# MONK's: the first line dropped, whitespace -> CSV, header class,a1..a6,id.
monks() {
  echo "class,a1,a2,a3,a4,a5,a6,id"
  tail -n +2 "$1" | tr -d '\r' | sed 's/^ *//; s/ *$//' | tr -s ' ' ',' | grep -v '^$'
}
need_r() {
  command -v Rscript > /dev/null ||
    { echo "fetch-data: $1 needs R to convert (apt-get install r-base-core)" >&2; return 1; }
}
r_ucb() {
  need_r UCBAdmissions.csv
  Rscript -e 'write.csv(as.data.frame(datasets::UCBAdmissions), stdout(), row.names = FALSE)'
}
sda_singh() {
  need_r sda_singh2002.csv
  Rscript -e 'load(commandArgs(TRUE)[1]); x <- singh2002$x; d <- data.frame(y = singh2002$y, x)
    names(d) <- c("y", paste0("g", seq_len(ncol(x)))); write.csv(d, stdout(), row.names = FALSE)' "$1"
}
sda_khan() {
  need_r sda_khan2001.csv
  Rscript -e 'load(commandArgs(TRUE)[1]); x <- khan2001$x
    d <- data.frame(sample = rownames(x), y = khan2001$y, x, check.names = FALSE)
    write.csv(d, stdout(), row.names = FALSE)' "$1"
}

# ---- fetching -------------------------------------------------------------------------------
mirror="" only=""
download() {  # URL OUT
  local url=$1 out=$2
  if [ -n "$mirror" ]; then
    local rel=${url#https://}
    rel=${rel//%20/ }
    for candidate in "$mirror/$rel" "$mirror/$3"; do
      [ -f "$candidate" ] && { cp "$candidate" "$out"; return 0; }
    done
    echo "fetch-data: $url is not in the mirror $mirror" >&2
    return 1
  fi
  if command -v curl > /dev/null; then
    curl -fsSL --retry 3 -o "$out" "$url"
  else
    wget -q -O "$out" "$url"
  fi
}

# Makes DIR/FILE (and the listed files it derives from) and checks its sha256.
make_file() {
  local dir=$1 file=$2 src want tmp
  want=$(expected_sha "$file")
  [ -n "$want" ] || { echo "fetch-data: $file is not listed in $sums" >&2; return 1; }
  [ "$(sha_of "$dir/$file")" = "$want" ] && { echo "ok       $file (present)"; return 0; }
  src=$(source_of "$file") || return 1
  mkdir -p "$dir/$(dirname "$file")"
  tmp=$(mktemp "$dir/$file.XXXXXX")
  if [[ $src == derive:* ]]; then
    local spec=${src#derive:} fn inputs=() i n=0 parts=()
    fn=${spec%% *}
    [ "$fn" = "$spec" ] || read -r -a parts <<< "${spec#* }"
    for i in ${parts[@]+"${parts[@]}"}; do
      if [[ $i == https://* ]]; then
        n=$((n + 1))
        download "$i" "$tmp.in$n" "$file.in$n" || { rm -f "$tmp"*; return 1; }
        inputs+=("$tmp.in$n")
      else
        make_file "$dir" "$i" || { rm -f "$tmp"*; return 1; }
        inputs+=("$dir/$i")
      fi
    done
    "$fn" ${inputs[@]+"${inputs[@]}"} > "$tmp" || { rm -f "$tmp"*; return 1; }
    rm -f "$tmp".in*
  else
    download "$src" "$tmp" "$file" || { rm -f "$tmp"; return 1; }
  fi
  local got
  got=$(sha_of "$tmp")
  if [ "$got" != "$want" ]; then
    echo "CHANGED  $file: sha256 $got, expected $want (source $src); not installed" >&2
    rm -f "$tmp"
    return 1
  fi
  mv "$tmp" "$dir/$file"
  echo "fetched  $file"
}

fetch_all() {
  local dir=$1 failed=0 f
  mkdir -p "$dir"
  for f in ${only:-$(listed_files)}; do
    make_file "$dir" "$f" || failed=$((failed + 1))
  done
  if [ $failed -gt 0 ]; then
    echo "fetch-data: $failed file(s) could not be fetched or did not match their sha256" >&2
    return 1
  fi
  echo "fetch-data: done; export ADMISSIBLE_DATA=$(cd "$dir" && pwd)"
}

case ${1:-} in
  -h | --help) usage ;;
  --verify) [ $# -eq 2 ] || usage; verify "$2" ;;
  *)
    while [ $# -gt 1 ]; do
      case $1 in
        --from) mirror=$2; shift 2 ;;
        --only) only=$2; shift 2 ;;
        *) usage ;;
      esac
    done
    fetch_all "${1:-$here/../../shared/data}"
    ;;
esac
