#!/usr/bin/env bash
# End-to-end Slurm test: `admissible demo` as a 2-rank batch job on a local one-node cluster.
#
#   bash tests/slurm/test_slurm_demo.sh BUILD_DIR/admissible
#
# Starts the cluster with slurm/cluster.sh unless it already runs (and then stops it again at
# the end), submits slurm/run.sbatch through `sbatch -n 2`, waits for the job, and checks the
# HDF5 result: root attributes ranks = 2 and slurm_job_id = the job id, group /fairness.
# Needs root when the cluster is not running yet. ADM_LAUNCHER=srun tests the srun launcher.
set -euo pipefail

JOB_TIMEOUT=${ADM_SLURM_JOB_TIMEOUT:-180}
RANKS=2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
cluster=$repo/slurm/cluster.sh
template=$repo/slurm/run.sbatch

say() { printf 'test_slurm_demo: %s\n' "$*"; }

started_cluster=0
tmp=""
job_id=""
ok=0

cleanup() {
  local rc=$?
  if [[ -n $job_id && $ok -ne 1 ]]; then scancel "$job_id" 2>/dev/null || true; fi
  if ((started_cluster)); then
    bash "$cluster" stop >/dev/null 2>&1 || say "warning: 'slurm/cluster.sh stop' failed"
  fi
  if [[ -n $tmp ]]; then
    if ((ok)); then rm -rf "$tmp"; else say "files kept in $tmp"; fi
  fi
  exit "$rc"
}
trap cleanup EXIT

section() {
  local title=$1 file=$2 lines=${3:-30}
  printf -- '---- %s (%s) ----\n' "$title" "$file" >&2
  if [[ -r $file ]]; then tail -n "$lines" "$file" >&2; else printf '(missing)\n' >&2; fi
}

fail() {
  printf 'test_slurm_demo: FAIL: %s\n' "$*" >&2
  if [[ -n $job_id ]]; then
    section "job output" "$tmp/admissible-$job_id.out" 60
    printf -- '---- scontrol show job %s ----\n' "$job_id" >&2
    scontrol show job "$job_id" >&2 2>&1 || true
  fi
  section "slurmctld log" /var/log/slurm/slurmctld.log 20
  section "slurmd log" /var/log/slurm/slurmd.log 20
  exit 1
}

# ---- preconditions ---------------------------------------------------------------------------
if ! command -v sbatch >/dev/null 2>&1; then
  fail "sbatch is not installed: run the project's setup script (it installs slurm-wlm and munge; CI does this)"
fi
command -v h5dump >/dev/null 2>&1 || fail "h5dump is not installed: run the project's setup script (hdf5-tools)"
[[ $# -eq 1 ]] || fail "usage: test_slurm_demo.sh PATH/TO/admissible"
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
[[ -x $bin ]] || fail "not an executable: $bin"

# ---- cluster ---------------------------------------------------------------------------------
source "$here/cluster_lib.sh"
use_cluster "$cluster"

# ---- job -------------------------------------------------------------------------------------
tmp=$(mktemp -d "${TMPDIR:-/tmp}/adm-slurm-test.XXXXXX")
chmod 0755 "$tmp"
out=$tmp/demo.h5
t0=$SECONDS
job_id=$(cd "$tmp" && ADM_BIN=$bin sbatch --parsable -n "$RANKS" -J adm-slurm-test "$template" demo "$out") \
  || fail "sbatch failed"
job_id=${job_id%%;*}
say "submitted job $job_id (${ADM_LAUNCHER:-mpirun}, $RANKS ranks)"

state=""
while :; do
  state=$(squeue -h -t all -j "$job_id" -o %T 2>/dev/null || true)
  case $state in
    PENDING | CONFIGURING | RUNNING | COMPLETING | SUSPENDED | REQUEUED | RESIZING) ;;
    *) break ;;
  esac
  ((SECONDS - t0 < JOB_TIMEOUT)) || fail "job $job_id still $state after ${JOB_TIMEOUT}s"
  sleep 0.2
done

info=$(scontrol show job -o "$job_id" 2>/dev/null || true)
if [[ -n $info ]]; then
  state=$(sed -n 's/.*JobState=\([^ ]*\).*/\1/p' <<<"$info")
  exit_code=$(sed -n 's/.* ExitCode=\([^ ]*\).*/\1/p' <<<"$info")
else
  # Job record already purged (MinJobAge): judge by the output file alone.
  exit_code=$(sed -n 's/^== exit code \([0-9]*\) after.*/\1:0/p' "$tmp/admissible-$job_id.out" 2>/dev/null | tail -n 1)
  state=${state:-UNKNOWN}
fi
say "job $job_id finished: state ${state:-?}, exit code ${exit_code:-?}, $((SECONDS - t0))s after submission"
[[ $state == COMPLETED && $exit_code == 0:0 ]] || fail "job $job_id ended $state with exit code ${exit_code:-?}"

# ---- result file -----------------------------------------------------------------------------
[[ -s $out ]] || fail "job completed but wrote no $out"
attr() {  # value of a scalar root attribute, quotes and NUL padding removed
  h5dump -a "/$1" "$out" 2>/dev/null | sed -n 's/^ *(0): *//p' | head -n 1 | sed -e 's/\\000//g' -e 's/^"//' -e 's/"$//'
}
ranks=$(attr ranks)
[[ $ranks == "$RANKS" ]] || fail "root attribute ranks is '${ranks}', expected $RANKS ($(h5dump -a /ranks "$out" 2>&1 | tr '\n' ' '))"
sid=$(attr slurm_job_id)
[[ $sid == "$job_id" ]] || fail "root attribute slurm_job_id is '${sid}', expected '$job_id'"
# Not grep -q: it closes the pipe early and pipefail turns h5dump's SIGPIPE into a failure.
h5dump -n "$out" 2>/dev/null | grep -E '^ *group +/fairness$' > /dev/null || fail "no group /fairness in $out: $(h5dump -n "$out" 2>&1 | tr '\n' ' ')"

ok=1
say "PASS: job $job_id wrote $out with ranks=$ranks, slurm_job_id=$sid, /fairness ($((SECONDS - t0))s)"
