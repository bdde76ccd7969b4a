#!/usr/bin/env bash
# A real one-node Slurm cluster on localhost, for tests, CI and local trials of slurm/*.sbatch.
#
#   slurm/cluster.sh start    # munge + slurmctld + slurmd; returns once the node is idle
#   slurm/cluster.sh stop     # cancel all jobs, stop the daemons by their pidfiles
#   slurm/cluster.sh status   # print state; exit 0 if up, 3 if stopped, 1 if only partly up
#
# Needs root (writes /etc/slurm, /etc/munge, /run, /var) and Debian's slurm-wlm + munge packages.
# Works without systemd. Not for a real cluster: there, use the site's Slurm as it is.
# Environment: ADM_SLURM_CPUS (CPUs advertised, default max(nproc, 4)),
#              ADM_SLURM_TIMEOUT (seconds to wait for each daemon, default 30),
#              ADM_SLURM_FORCE=1 (overwrite a slurm.conf this script did not write).
set -euo pipefail

# ---- paths (daemons and client tools all read SLURM_CONF) ----------------------------------
SLURM_CONF_DIR=/etc/slurm
SLURM_CONF_FILE=$SLURM_CONF_DIR/slurm.conf
SLURM_RUN_DIR=/run/slurm
SLURMCTLD_PIDFILE=$SLURM_RUN_DIR/slurmctld.pid
SLURMD_PIDFILE=$SLURM_RUN_DIR/slurmd.pid
SLURM_LOG_DIR=/var/log/slurm
SLURMCTLD_LOG=$SLURM_LOG_DIR/slurmctld.log
SLURMD_LOG=$SLURM_LOG_DIR/slurmd.log
SLURMCTLD_STATE_DIR=/var/spool/slurmctld
SLURMD_SPOOL_DIR=/var/spool/slurmd
MUNGE_ETC_DIR=/etc/munge
MUNGE_KEY=$MUNGE_ETC_DIR/munge.key
MUNGE_RUN_DIR=/run/munge
MUNGE_PIDFILE=$MUNGE_RUN_DIR/munged.pid
MUNGE_LIB_DIR=/var/lib/munge
MUNGE_LOG_DIR=/var/log/munge
MUNGE_LOG=$MUNGE_LOG_DIR/munged.log
# Marker: munged was started by this script (so stop may stop it again).
MUNGE_OURS_MARKER=$SLURM_RUN_DIR/adm-started-munged
CONF_MARKER="# Written by admissible slurm/cluster.sh"

NODE=localhost
PARTITION=debug
MIN_CPUS=4
TIMEOUT=${ADM_SLURM_TIMEOUT:-30}
export SLURM_CONF=$SLURM_CONF_FILE
export PATH=$PATH:/usr/sbin:/sbin   # the daemons live in /usr/sbin, not on every PATH

log() { printf 'cluster.sh: %s\n' "$*"; }
die() { printf 'cluster.sh: error: %s\n' "$*" >&2; exit 1; }

tail_logs() {
  local f
  for f in "$SLURMCTLD_LOG" "$SLURMD_LOG" "$MUNGE_LOG"; do
    if [[ -s $f ]]; then
      printf -- '---- last lines of %s ----\n' "$f" >&2
      tail -n 20 "$f" >&2 || true
    fi
  done
}

# A process counts as alive unless gone or a zombie (containers may reap orphans late).
alive() {
  local state
  kill -0 "$1" 2>/dev/null || return 1
  state=$(sed -n 's/^[0-9]* (.*) \([A-Za-z]\) .*/\1/p' "/proc/$1/stat" 2>/dev/null) || return 1
  [[ -n $state && $state != Z && $state != X ]]
}

# PID from a pidfile if that process is alive and is the expected program, else nothing.
# (Checking /proc/PID/comm guards against a stale pidfile whose PID was reused.)
live_pid() {
  local pidfile=$1 prog=$2 pid comm
  [[ -r $pidfile ]] || return 1
  pid=$(tr -dc '0-9' <"$pidfile")
  [[ -n $pid ]] || return 1
  alive "$pid" || return 1
  comm=$(cat "/proc/$pid/comm" 2>/dev/null) || return 1
  [[ $comm == "$prog" ]] || return 1
  printf '%s\n' "$pid"
}

remove_stale_pidfile() {
  local pidfile=$1 prog=$2
  if [[ -e $pidfile ]] && ! live_pid "$pidfile" "$prog" >/dev/null; then
    log "removing stale pidfile $pidfile"
    rm -f "$pidfile"
  fi
}

# wait_for SECONDS DESCRIPTION COMMAND...: poll every 0.2 s until COMMAND succeeds.
wait_for() {
  local secs=$1 what=$2 deadline
  shift 2
  deadline=$((SECONDS + secs))
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS >= deadline)); then
      printf 'cluster.sh: error: timed out after %ss waiting for %s\n' "$secs" "$what" >&2
      return 1
    fi
    sleep 0.2
  done
}

need_root() {
  [[ $(id -u) -eq 0 ]] || die "must run as root (it writes $SLURM_CONF_DIR and starts daemons)"
}

need_tools() {
  local t missing=()
  for t in munged mungekey munge unmunge slurmctld slurmd scontrol sinfo squeue scancel runuser; do
    command -v "$t" >/dev/null 2>&1 || [[ -x /usr/sbin/$t ]] || missing+=("$t")
  done
  if ((${#missing[@]})); then
    die "missing ${missing[*]}; install the Slurm packages with the project's setup script (apt-get install slurm-wlm munge)"
  fi
}

munge_ok() { munge -n 2>/dev/null | unmunge >/dev/null 2>&1; }
ctld_up() { scontrol ping 2>/dev/null | grep -q 'is UP'; }
node_state() { sinfo -h -n "$NODE" -o %T 2>/dev/null | head -n 1; }
node_idle() { [[ $(node_state) == idle ]]; }
# True once the slurmd started at or after epoch second $1 has registered and the node is idle
# (right after `slurmctld -c` the node may still show the idle state saved by an earlier run).
node_registered_idle() {
  local since=$1 started
  started=$(scontrol show node "$NODE" 2>/dev/null | sed -n 's/.*SlurmdStartTime=\([^ ]*\).*/\1/p')
  [[ -n $started && $started != None ]] || return 1
  started=$(date -d "$started" +%s 2>/dev/null) || return 1
  ((started >= since)) && node_idle
}

# ---- start ----------------------------------------------------------------------------------
start_munge() {
  install -d -o munge -g munge -m 0755 "$MUNGE_RUN_DIR"
  install -d -o munge -g munge -m 0700 "$MUNGE_ETC_DIR" "$MUNGE_LIB_DIR" "$MUNGE_LOG_DIR"
  if [[ ! -s $MUNGE_KEY ]]; then
    log "creating munge key $MUNGE_KEY"
    runuser -u munge -- /usr/sbin/mungekey --create --keyfile="$MUNGE_KEY"
  fi
  chown munge:munge "$MUNGE_KEY"
  chmod 0600 "$MUNGE_KEY"

  local pid
  if pid=$(live_pid "$MUNGE_PIDFILE" munged); then
    wait_for 5 "munge -n | unmunge" munge_ok || die "munged is running (pid $pid) but 'munge -n | unmunge' fails"
    return 0
  fi
  remove_stale_pidfile "$MUNGE_PIDFILE" munged
  if munge_ok; then
    log "a munged without our pidfile already answers; using it"
    return 0
  fi
  # --force: take over a socket left behind by a munged that died.
  runuser -u munge -- /usr/sbin/munged --force --pid-file="$MUNGE_PIDFILE" --log-file="$MUNGE_LOG" \
    || { tail_logs; die "munged failed to start"; }
  touch "$MUNGE_OURS_MARKER"
  wait_for "$TIMEOUT" "munge -n | unmunge" munge_ok || { tail_logs; die "munge does not work"; }
}

write_conf() {
  local cpus mem_mb host
  cpus=$(nproc)
  ((cpus >= MIN_CPUS)) || cpus=$MIN_CPUS
  cpus=${ADM_SLURM_CPUS:-$cpus}
  # RealMemory in MB, a little under MemTotal so slurmd never finds less than advertised.
  mem_mb=$(awk '/^MemTotal:/ { printf "%d", $2 / 1024 * 0.95 }' /proc/meminfo)
  host=$(hostname -s)

  if [[ -e $SLURM_CONF_FILE ]] && ! grep -qF "$CONF_MARKER" "$SLURM_CONF_FILE" \
     && [[ ${ADM_SLURM_FORCE:-0} != 1 ]]; then
    die "$SLURM_CONF_FILE exists and was not written by this script; move it away or set ADM_SLURM_FORCE=1"
  fi
  install -d -m 0755 "$SLURM_CONF_DIR"
  cat >"$SLURM_CONF_FILE.tmp" <<EOF
$CONF_MARKER on $(date -u +%Y-%m-%dT%H:%M:%SZ); rewritten on every start.
ClusterName=admissible
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$SLURMCTLD_STATE_DIR
SlurmdSpoolDir=$SLURMD_SPOOL_DIR
SlurmctldPidFile=$SLURMCTLD_PIDFILE
SlurmdPidFile=$SLURMD_PIDFILE
SlurmctldLogFile=$SLURMCTLD_LOG
SlurmdLogFile=$SLURMD_LOG
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
# Schedule batch jobs at once (default delay up to 3 s): faster turnaround for tests.
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
ReturnToService=2
MpiDefault=pmix
EnforcePartLimits=ALL
MailProg=/bin/true
# Advertise at least $MIN_CPUS CPUs even on a smaller machine, so 4-rank jobs fit.
SlurmdParameters=config_overrides
NodeName=$NODE NodeAddr=127.0.0.1 NodeHostname=$host CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=$PARTITION Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
EOF
  mv -f "$SLURM_CONF_FILE.tmp" "$SLURM_CONF_FILE"
  chmod 0644 "$SLURM_CONF_FILE"
  log "wrote $SLURM_CONF_FILE (node $NODE: CPUs=$cpus RealMemory=${mem_mb}MB, hostname $host)"
}

start_slurmctld() {
  if live_pid "$SLURMCTLD_PIDFILE" slurmctld >/dev/null; then
    wait_for "$TIMEOUT" "scontrol ping to report UP" ctld_up || { tail_logs; die "slurmctld runs but does not answer"; }
    return 0
  fi
  remove_stale_pidfile "$SLURMCTLD_PIDFILE" slurmctld
  ! ctld_up || die "a slurmctld without pidfile $SLURMCTLD_PIDFILE answers 'scontrol ping'; stop it first"
  slurmctld -c || { tail_logs; die "slurmctld failed to start"; }
  wait_for "$TIMEOUT" "scontrol ping to report UP" ctld_up || { tail_logs; die "slurmctld did not come up"; }
}

start_slurmd() {
  local since=0
  if ! live_pid "$SLURMD_PIDFILE" slurmd >/dev/null; then
    remove_stale_pidfile "$SLURMD_PIDFILE" slurmd
    since=$(date +%s)
    slurmd -N "$NODE" || { tail_logs; die "slurmd failed to start"; }
  fi
  if ! wait_for "$TIMEOUT" "node $NODE to become idle" node_registered_idle "$since"; then
    printf 'cluster.sh: node state: %s\n' "$(node_state)" >&2
    scontrol show node "$NODE" 2>&1 | grep -E 'State=|Reason=' >&2 || true
    tail_logs
    die "node $NODE is not idle"
  fi
}

cmd_start() {
  need_root
  need_tools
  if [[ $(cluster_state) == up ]]; then
    log "already running (slurmctld pid $(live_pid "$SLURMCTLD_PIDFILE" slurmctld), slurmd pid $(live_pid "$SLURMD_PIDFILE" slurmd))"
    return 0
  fi
  local t0=$SECONDS
  install -d -m 0755 "$SLURM_RUN_DIR" "$SLURM_LOG_DIR" "$SLURMCTLD_STATE_DIR" "$SLURMD_SPOOL_DIR"
  start_munge
  # Rewrite the config only while no Slurm daemon runs, so a half-started cluster keeps its own.
  if ! live_pid "$SLURMCTLD_PIDFILE" slurmctld >/dev/null && ! live_pid "$SLURMD_PIDFILE" slurmd >/dev/null; then
    write_conf
  fi
  start_slurmctld
  start_slurmd
  log "started in $((SECONDS - t0))s: partition $PARTITION, node $NODE idle ($(sinfo -h -n "$NODE" -o %c) CPUs)"
}

# ---- stop -----------------------------------------------------------------------------------
# stop_daemons PIDFILE:PROG...: SIGTERM each pidfile's process (all at once: each daemon takes
# about 2 s to exit), wait for all, SIGKILL a PID that outlives the timeout, remove the pidfiles.
stop_daemons() {
  local spec pidfile prog pid deadline i
  local -a pids=() names=()
  for spec in "$@"; do
    pidfile=${spec%%:*} prog=${spec##*:}
    if pid=$(live_pid "$pidfile" "$prog"); then
      kill -TERM "$pid" 2>/dev/null || true
      pids+=("$pid") names+=("$prog")
    else
      remove_stale_pidfile "$pidfile" "$prog"
    fi
  done
  deadline=$((SECONDS + TIMEOUT))
  for i in "${!pids[@]}"; do
    while alive "${pids[i]}"; do
      if ((SECONDS >= deadline)); then
        log "${names[i]} (pid ${pids[i]}) ignored SIGTERM for ${TIMEOUT}s; sending SIGKILL"
        kill -KILL "${pids[i]}" 2>/dev/null || true
        break
      fi
      sleep 0.1
    done
    log "stopped ${names[i]} (pid ${pids[i]})"
  done
  for spec in "$@"; do rm -f "${spec%%:*}"; done
}

cmd_stop() {
  need_root
  local t0=$SECONDS deadline
  local -a daemons=("$SLURMD_PIDFILE:slurmd" "$SLURMCTLD_PIDFILE:slurmctld")
  if live_pid "$SLURMCTLD_PIDFILE" slurmctld >/dev/null && ctld_up; then
    scancel --full --user=root 2>/dev/null || true
    deadline=$((SECONDS + 10))
    while [[ -n $(squeue -h -o %i 2>/dev/null) ]] && ((SECONDS < deadline)); do sleep 0.2; done
  fi
  [[ -e $MUNGE_OURS_MARKER ]] && daemons+=("$MUNGE_PIDFILE:munged")
  if ! live_pid "$SLURMCTLD_PIDFILE" slurmctld >/dev/null && ! live_pid "$SLURMD_PIDFILE" slurmd >/dev/null \
     && ! { [[ -e $MUNGE_OURS_MARKER ]] && live_pid "$MUNGE_PIDFILE" munged >/dev/null; }; then
    stop_daemons "${daemons[@]}"  # removes stale pidfiles
    rm -f "$MUNGE_OURS_MARKER"
    log "not running"
    return 0
  fi
  stop_daemons "${daemons[@]}"
  rm -f "$MUNGE_OURS_MARKER"
  log "stopped in $((SECONDS - t0))s"
}

# ---- status ---------------------------------------------------------------------------------
cluster_state() {
  local n=0
  live_pid "$SLURMCTLD_PIDFILE" slurmctld >/dev/null && ctld_up && n=$((n + 1))
  live_pid "$SLURMD_PIDFILE" slurmd >/dev/null && n=$((n + 1))
  if ((n == 2)) && [[ $(node_state) =~ ^(idle|mixed|allocated|completing)$ ]]; then
    echo up
  elif ((n == 0)) && ! live_pid "$SLURMCTLD_PIDFILE" slurmctld >/dev/null; then
    echo stopped
  else
    echo partial
  fi
}

show() { printf '%-10s %s\n' "$1" "$2"; }

cmd_status() {
  local pid state
  if pid=$(live_pid "$MUNGE_PIDFILE" munged); then show munged "running (pid $pid)"
  elif munge_ok; then show munged "running (not started by this script)"
  else show munged "stopped"; fi
  if pid=$(live_pid "$SLURMCTLD_PIDFILE" slurmctld); then
    if ctld_up; then show slurmctld "running (pid $pid), UP"; else show slurmctld "running (pid $pid), not answering"; fi
  else show slurmctld "stopped"; fi
  if pid=$(live_pid "$SLURMD_PIDFILE" slurmd); then show slurmd "running (pid $pid)"; else show slurmd "stopped"; fi
  state=$(cluster_state)
  if [[ $state != stopped ]] && ctld_up; then
    show node "$NODE: $(node_state) ($(sinfo -h -n "$NODE" -o %c) CPUs, $(sinfo -h -n "$NODE" -o %m) MB)"
    show jobs "$(squeue -h -o %i 2>/dev/null | wc -l)"
  fi
  show cluster "$state"
  case $state in
    up) return 0 ;;
    stopped) return 3 ;;
    *) return 1 ;;
  esac
}

case ${1:-} in
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  restart) cmd_stop; cmd_start ;;
  *) printf 'usage: %s start|stop|status|restart\n' "${0##*/}" >&2; exit 2 ;;
esac
