#!/usr/bin/env bash
# --help everywhere, exit codes of the command line, validate and config-keys.
set -uo pipefail
bin=$1; src=$2
fail() { echo "FAIL: $*"; exit 1; }
for sub in "" run validate demo compare config-keys; do
  $bin $sub --help > /dev/null || fail "'$sub --help' exited $?"
done
$bin > /dev/null 2>&1; [ $? -eq 2 ] || fail "no subcommand should exit 2"
$bin frobnicate > /dev/null 2>&1; [ $? -eq 2 ] || fail "unknown subcommand should exit 2"
$bin run > /dev/null 2>&1; [ $? -eq 2 ] || fail "run without CONFIG should exit 2"
out=$($bin validate "$src/configs/demo.toml") || fail "validate demo.toml: $out"
grep -q "2000 rows" <<< "$out" || fail "validate output: $out"
keys=$($bin config-keys) || fail "config-keys"
for k in run.seed data.source data.csv.delimiter data.filter data.derive fairness.bootstrap \
         discretize.method info.miller_madow; do
  grep -q "$k" <<< "$keys" || fail "config-keys lacks $k"
done
$bin --version | grep -q admissible || fail "--version"
echo "cli basics ok"
