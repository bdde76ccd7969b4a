#!/usr/bin/env bash
# A run told to stop (SIGTERM: Slurm's scancel or time limit, or a user's kill of mpirun) prints
# one line saying it was terminated and how to continue, removes its temporary and lock files,
# keeps its checkpoint, and exits 143; --resume then finishes it with results equal to an
# uninterrupted run's (issue 28 item 10). Cases: the program alone; mpirun at 1 and 2 ranks with
# the signal to mpirun only (Open MPI then reports its own exit code 1); slurm/run.sbatch at 1 and
# 2 ranks with the signal to every process of the job, as scancel sends it (exit 143).
#   usage: terminate.sh BIN SOURCE_DIR
set -uo pipefail
here=$(dirname "$(realpath "$0")")
source "$here/../mpi/mpi_env.sh"
source "$here/../lib/h5.sh"
source "$here/../lib/small_run.sh"
bin=$(realpath "$1")
src=$(realpath "$2")
scratch_dir
# The audit's bootstrap: 20000 checkpointed tasks, a few seconds, so a signal lands mid-run.
sed -e 's/^pipeline = .*/pipeline = "audit"/' \
    -e '/^\[fairness\]/,/^\[/ s/^bootstrap = .*/bootstrap = 20000/' \
    -e 's/^source = .*/source = "embedded:demo"\nrows = 20000/' \
  "$src/configs/demo.toml" > long.toml
grep -q 'bootstrap = 20000' long.toml || fail "cannot make the long config"
"$bin" run long.toml --out full.h5 > /dev/null 2>&1 || fail "the reference run failed"

# terminate NAME TARGET COMMAND...: starts COMMAND in a session of its own, writing NAME.h5, and
# once the checkpoint holds some tasks sends SIGTERM to TARGET: "leader" (the command's first
# process: the program or mpirun) or "all" (every process of the session, as scancel does).
# Sets $rc and leaves stderr in NAME.err.
terminate() {
  local name=$1 target=$2
  shift 2
  rm -f "$name".h5*
  setsid "$@" > "$name.out" 2> "$name.err" < /dev/null &
  local pid=$! size=0
  for _ in $(seq 1 1200); do
    size=$(stat -c %s "$name.h5.journal" 2> /dev/null || echo 0)
    [ "$size" -gt 100000 ] && break
    sleep 0.02
  done
  if [ "$target" = all ]; then
    kill -TERM $(ps -o pid= -s "$pid") 2> /dev/null
  else
    kill -TERM "$pid"
  fi
  wait "$pid"
  rc=$?
  echo "$name: SIGTERM to $target with a $size-byte checkpoint; exit $rc"
}

# expect_terminated NAME RC...: one "terminated" line naming the checkpoint, an allowed exit
# code, no result, no temporary or lock file, and the checkpoint kept.
expect_terminated() {
  local name=$1
  shift
  local ok=0 code
  for code in "$@"; do [ "$rc" -eq "$code" ] && ok=1; done
  [ "$ok" -eq 1 ] || fail "$name: exit $rc, expected $*; stderr: $(cat "$name.err")"
  local line="admissible: terminated by SIGTERM; completed tasks are kept in $name.h5.journal: rerun the same command with --resume to continue"
  [ "$(grep -c 'terminated' "$name.err")" -eq 1 ] ||
    fail "$name: expected one 'terminated' line: $(cat "$name.err")"
  grep -qxF "$line" "$name.err" || fail "$name: the line differs: $(cat "$name.err")"
  # Nothing else than that line, the load summary ("data: shared per node ...") and progress
  # lines ("[fairness_bootstrap] ...", printed when the run is slow).
  if grep -v -e '^admissible: terminated' -e '^data: ' -e '^\[' "$name.err" | grep -q .; then
    fail "$name: other output on stderr: $(cat "$name.err")"
  fi
  [ ! -e "$name.h5" ] || fail "$name: a result file was left"
  [ -z "$(find . -name "$name.h5*.tmp")" ] || fail "$name: temporary files left: $(ls "$name".h5*)"
  [ ! -e "$name.h5.lock" ] || fail "$name: the lock file was left"
  [ -s "$name.h5.journal" ] || fail "$name: the checkpoint was not kept"
}

# expect_resume NAME COMMAND...: COMMAND (with --resume) finishes from the checkpoint, equal to
# the uninterrupted run.
expect_resume() {
  local name=$1
  shift
  "$@" > /dev/null 2> "$name.resume.err" || fail "$name: --resume failed: $(cat "$name.resume.err")"
  local resumed
  resumed=$(h5attr "$name.h5" resumed_tasks)
  [ "$resumed" -gt 0 ] || fail "$name: --resume reused no checkpointed task"
  "$bin" compare full.h5 "$name.h5" > /dev/null || fail "$name: the resumed result differs"
  echo "$name: resumed $resumed tasks; result equals the uninterrupted run's"
}

terminate alone leader "$bin" run long.toml --out alone.h5
expect_terminated alone 143
expect_resume alone "$bin" run long.toml --out alone.h5 --resume

for np in 1 2; do
  terminate "mpirun$np" leader mpirun -q -np "$np" "$bin" run long.toml --out "mpirun$np.h5"
  # Open MPI 4 sets mpirun's exit code to 1 when mpirun itself is signalled, whatever its ranks
  # return (ess_base_forward_signals refuses SIGTERM); the line on stderr still says what happened.
  expect_terminated "mpirun$np" 1 143
done
expect_resume mpirun2 mpirun -q -np 2 "$bin" run long.toml --out mpirun2.h5 --resume

for np in 1 2; do
  terminate "sbatch$np" all env ADM_BIN="$bin" ADM_NP="$np" ADM_VALIDATE=0 ADM_MPIRUN_ARGS=-q \
    bash "$src/slurm/run.sbatch" long.toml "sbatch$np.h5"
  expect_terminated "sbatch$np" 143
  grep -q '^== terminated by SIGTERM' "sbatch$np.out" || fail "sbatch$np: no '== terminated' line"
done
ADM_BIN="$bin" ADM_NP=2 ADM_VALIDATE=0 ADM_MPIRUN_ARGS=-q ADM_RESUME=1 \
  expect_resume sbatch2 bash "$src/slurm/run.sbatch" long.toml sbatch2.h5
echo "terminate ok"
