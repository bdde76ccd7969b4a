#!/usr/bin/env bash
# scripts/fetch-data.sh offline (issue 12 item 5; these machines have no internet, so the
# download itself is not run). Usage: fetch_data.sh SOURCE_DIR verify|corrupted|derive
#   verify:    --verify passes on ../shared/data (or $ADMISSIBLE_DATA)
#   corrupted: --verify fails, naming the file, on a copy with one small file changed or missing
#   derive:    the documented transforms, applied to the publishers' originals taken from
#              ../shared/data (--from), reproduce the derived files bit for bit
# Exit 77 when the shared data folder is absent.
set -u
src=$1 mode=$2
source "$(dirname "$0")/../lib/small_run.sh"
script="$src/scripts/fetch-data.sh"
data=${ADMISSIBLE_DATA:-$(cd "$src/.." && pwd)/shared/data}
if [ ! -d "$data" ]; then
  echo "SKIP: no shared data folder ($data); set ADMISSIBLE_DATA to check it"
  exit 77
fi
scratch_dir

case $mode in
  verify)
    bash "$script" --verify "$data" > out.txt 2>&1 || { cat out.txt; fail "--verify failed on $data"; }
    n=$(grep -vc '^#' "$src/scripts/data-files.sha256")
    grep -q "all $n files verified" out.txt || { cat out.txt; fail "not all $n files verified"; }
    ;;
  corrupted)
    # A copy of the folder: links to every listed file, but a real copy of one small file.
    small=ucb_admissions/UCBAdmissions.csv
    while read -r f; do
      mkdir -p "copy/$(dirname "$f")"
      ln -s "$data/$f" "copy/$f"
    done < <(awk '$1 !~ /^#/ && NF == 2 { print $2 }' "$src/scripts/data-files.sha256")
    bash "$script" --verify copy > out.txt 2>&1 || { cat out.txt; fail "the intact copy failed"; }
    rm "copy/$small" && sed 's/512/513/' "$data/$small" > "copy/$small"
    cmp -s "$data/$small" "copy/$small" && fail "could not change $small"
    bash "$script" --verify copy > out.txt 2>&1 && fail "--verify accepted a changed $small"
    grep -q "^CHANGED  $small (sha256 " out.txt || { cat out.txt; fail "$small not named as changed"; }
    [ "$(grep -vc '^ok ' out.txt)" -eq 2 ] || { cat out.txt; fail "other files reported"; }
    rm "copy/iris/R_datasets_iris.csv"
    bash "$script" --verify copy > out.txt 2>&1 && fail "--verify accepted a missing file"
    grep -q "^MISSING  iris/R_datasets_iris.csv" out.txt || { cat out.txt; fail "missing file not named"; }
    ;;
  derive)
    derived="adult/adult_train_clean.csv adult/adult_test_clean.csv iris/R_datasets_iris.csv
             breast_cancer_wdbc/wdbc_with_header.csv"
    bash "$script" --from "$data" --only "$derived" out > log.txt 2>&1 ||
      { cat log.txt; fail "the transforms did not reproduce the derived files"; }
    for f in $derived; do
      grep -q "^fetched  $f$" log.txt || { cat log.txt; fail "$f was not derived"; }
      cmp -s "out/$f" "$data/$f" || fail "$f differs"
    done
    # A wrong checksum is refused and nothing is installed.
    printf 'corrupt' > out/adult/adult.data
    bash "$script" --from /nonexistent --only adult/adult.data out > log.txt 2>&1 &&
      fail "a download that cannot be made was reported as done"
    ;;
  *) fail "unknown mode $mode" ;;
esac
echo "ok: fetch-data $mode"
