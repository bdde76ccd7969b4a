# Sourced by the Slurm tests (after they define say and fail). use_cluster CLUSTER_SH: use the
# local cluster if it runs, else start it and set started_cluster=1 (the caller stops it at exit).
use_cluster() {
  if bash "$1" status >/dev/null 2>&1; then
    say "using the Slurm cluster that is already running"
  else
    say "starting a local Slurm cluster"
    started_cluster=1
    bash "$1" start || fail "slurm/cluster.sh start failed"
  fi
}
