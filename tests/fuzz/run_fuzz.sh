#!/usr/bin/env bash
# Runs one libFuzzer harness for a fixed time, seeded from the bad-input corpus and the example
# configs or data fixtures.
#   usage: run_fuzz.sh BIN csv|config SOURCE_DIR SECONDS [CORPUS_DIR]
# CORPUS_DIR (default: a temporary folder) keeps what the fuzzer learns between runs. A finding
# (crash, sanitizer report, an exception other than InputError, a resolved config that does not
# re-read to itself) fails the run; the input that caused it is kept in ./fuzz-findings/.
set -euo pipefail
if [ $# -lt 4 ]; then
  echo "usage: $0 BIN csv|config SOURCE_DIR SECONDS [CORPUS_DIR]" >&2
  exit 2
fi
bin=$(realpath "$1")
kind=$2
src=$(realpath "$3")
seconds=$4
seeds=$(mktemp -d)
trap 'rm -rf "$seeds" ${tmp_corpus:-}' EXIT
case "$kind" in
  csv) patterns=(-name '*.csv' -o -name '*.data' -o -name '*.txt'); dirs=("$src/tests/bad_inputs" "$src/tests/data/fixtures") ;;
  config) patterns=(-name '*.toml'); dirs=("$src/tests/bad_inputs" "$src/configs") ;;
  *) echo "unknown kind '$kind' (csv or config)" >&2; exit 2 ;;
esac
n=0
while IFS= read -r -d '' f; do
  # Small seeds only: the fuzzer mutates them, large files just slow each run.
  [ "$(stat -c %s "$f")" -le 65536 ] || continue
  cp "$f" "$seeds/seed_$n"
  n=$((n + 1))
done < <(find "${dirs[@]}" -type f \( "${patterns[@]}" \) ! -name expect.txt ! -name args.txt \
           ! -name ranks.txt -print0 2>/dev/null)
echo "run_fuzz: $n seeds for $kind, $seconds s"
corpus=${5:-}
if [ -z "$corpus" ]; then
  tmp_corpus=$(mktemp -d)
  corpus=$tmp_corpus
fi
mkdir -p "$corpus" fuzz-findings
# Sanitizer reports abort the run; leaks in a config reader would be findings too.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
"$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
  -artifact_prefix=fuzz-findings/ "$corpus" "$seeds"
