#!/usr/bin/env bash
# The bad-input corpus: every case must fail cleanly under the error contract.
#   usage: bad_inputs.sh BIN CORPUS_DIR
# A case is a folder CORPUS_DIR/NN-name/ holding config.toml (data paths relative to the folder),
# its data files, and expect.txt (line 1: a substring naming the place, file:line[:col] or config
# key, that the error line must contain; line 2: an optional second substring). Optional args.txt
# replaces the default command `run config.toml --out out.h5`; optional ranks.txt holding 2 runs
# the case under `mpirun -q -np 2`. Each case runs in a copy of its folder, with a 60 s limit, and
# passes when: the exit code is 2 (124 = hang, >128 = crash), stderr is exactly one non-empty line
# starting with `admissible: error:` and containing the expected substrings, and neither out.h5
# nor any *.tmp, *.journal or *.lock file exists afterwards. The corpus must hold at least 30 cases.
# BAD_INPUTS_TIMEOUT overrides the 60 s limit per case; BAD_INPUTS_MIN_CASES the minimum (for
# corpora that tests write, e.g. hdf5_source.sh).
set -uo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 BIN CORPUS_DIR" >&2
  exit 2
fi
bin=$(realpath "$1")
corpus=$(realpath "$2")
min_cases=${BAD_INPUTS_MIN_CASES:-30}
limit_s=${BAD_INPUTS_TIMEOUT:-60}  # seconds per case

[ -x "$bin" ] || { echo "FAIL: $bin is not an executable"; exit 1; }
[ -d "$corpus" ] || { echo "FAIL: $corpus is not a folder"; exit 1; }

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

passed=0
failed=0
cases=0

# check_case DIR NAME: runs one case; prints the reason and returns 1 on failure.
check_case() {
  local src=$1 name=$2
  local dir="$work/$name"
  if [ ! -f "$src/expect.txt" ]; then
    echo "no expect.txt"
    return 1
  fi
  local expect1 expect2
  expect1=$(sed -n 1p "$src/expect.txt")
  expect2=$(sed -n 2p "$src/expect.txt")
  if [ -z "$expect1" ]; then
    echo "expect.txt line 1 (the place of the error) is empty"
    return 1
  fi
  cp -r "$src" "$dir" || { echo "cannot copy the case"; return 1; }

  local args=(run config.toml --out out.h5)
  if [ -f "$src/args.txt" ]; then
    read -r -a args < "$src/args.txt"
  fi
  local launcher=()
  local ranks=1
  if [ -f "$src/ranks.txt" ]; then
    ranks=$(tr -d '[:space:]' < "$src/ranks.txt")
    if [ "$ranks" != 1 ]; then
      if ! command -v mpirun > /dev/null; then
        echo "needs mpirun (ranks.txt = $ranks) but mpirun is not on PATH"
        return 1
      fi
      launcher=(mpirun -q -np "$ranks")
    fi
  fi

  local rc
  (cd "$dir" && timeout -k 5 "$limit_s" "${launcher[@]}" "$bin" "${args[@]}" \
      > "$dir/.stdout" 2> "$dir/.stderr" < /dev/null)
  rc=$?

  local why=()
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    why+=("hang: no exit within ${limit_s}s (exit $rc)")
  elif [ "$rc" -gt 128 ]; then
    why+=("crash: killed by signal $((rc - 128)) (exit $rc)")
  elif [ "$rc" -ne 2 ]; then
    why+=("exit code $rc, expected 2")
  fi

  local lines nonempty line
  lines=$(wc -l < "$dir/.stderr")
  nonempty=$(grep -c . "$dir/.stderr")
  # A last line without a newline still counts as a line.
  if [ -s "$dir/.stderr" ] && [ -n "$(tail -c 1 "$dir/.stderr")" ]; then lines=$((lines + 1)); fi
  line=$(grep -m 1 . "$dir/.stderr")
  if [ "$lines" -ne 1 ] || [ "$nonempty" -ne 1 ]; then
    why+=("stderr has $lines lines ($nonempty non-empty), expected exactly one")
  fi
  if [ "$nonempty" -ge 1 ]; then
    [[ "$line" == "admissible: error: "* ]] || why+=("the error line does not start with 'admissible: error: '")
    [[ "$line" == *"$expect1"* ]] || why+=("the error line lacks '$expect1'")
    if [ -n "$expect2" ]; then
      [[ "$line" == *"$expect2"* ]] || why+=("the error line lacks '$expect2'")
    fi
  fi
  local leftover
  for leftover in out.h5 out.h5.tmp; do
    [ -e "$dir/$leftover" ] && why+=("left a result file $leftover behind")
  done
  # Whatever --out was, no half-written result may stay behind either.
  while IFS= read -r leftover; do
    [ "$leftover" = "$dir/out.h5.tmp" ] || why+=("left a temporary file ${leftover#"$dir"/} behind")
  done < <(find "$dir" -name '*.tmp')
  # Nor a checkpoint or lock: a run refused for bad input has nothing to resume.
  while IFS= read -r leftover; do
    why+=("left ${leftover#"$dir"/} behind")
  done < <(find "$dir" -name '*.journal' -o -name '*.lock')

  if [ ${#why[@]} -eq 0 ]; then
    return 0
  fi
  local reason joined=""
  for reason in "${why[@]}"; do joined+="${joined:+; }$reason"; done
  echo "$joined"
  echo "    command: (cd $name) ${launcher[*]}${launcher[*]:+ }admissible ${args[*]}"
  echo "    exit: $rc"
  if [ -s "$dir/.stderr" ]; then
    head -n 5 "$dir/.stderr" | sed 's/^/    stderr: /'
  else
    echo "    stderr: (empty)"
  fi
  return 1
}

for src in "$corpus"/*/; do
  src=${src%/}
  name=$(basename "$src")
  cases=$((cases + 1))
  if reason=$(check_case "$src" "$name"); then
    echo "PASS $name"
    passed=$((passed + 1))
  else
    echo "FAIL $name: $reason"
    failed=$((failed + 1))
  fi
done

if [ "$cases" -lt "$min_cases" ]; then
  echo "FAIL corpus: $cases cases in $corpus, at least $min_cases are required"
  failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
