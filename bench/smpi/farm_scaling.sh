#!/usr/bin/env bash
# Simulated scaling of the farm workloads (issue 27 item 3): every stage of farm_stages.tsv (the
# real dist::TaskFarm, modelled task costs) at each rank count on cluster_64x16.xml, twice: with
# the protocol code's own CPU charged as measured on this machine (COMPUTE=yes) and without it
# (only the modelled tasks and the network: the bound a quiet core approaches). Prints per stage
# and rank count: tasks per rank, simulated seconds, speed-up and efficiency against 1 rank, the
# handouts and rank 0's coordinator seconds, and the same efficiency without the protocol's CPU.
#   bench/smpi/farm_scaling.sh [RANKS...]     default: 1 16 64 256 1024
#   STAGES_FILE=farm_stages.tsv  SMPI_BUILD=build-smpi  KEEP=dir (keep the RESULT lines and logs)
#   ONLY="audit_bootstrap_1M shapley_exact_n20" (default: every stage of the file)
#   ADM_FARM_NODE_RANKS=0: rank 0 serves every rank (no node leaders; by default the farm uses
#   leaders from 512 ranks, one per simulated node: SMPI's MPI_COMM_TYPE_SHARED groups by host)
# Times are simulated seconds; counters (tasks, handouts) are exact. The searches (patterns,
# CORELS) are run by run.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ranks=("$@"); [ ${#ranks[@]} -gt 0 ] || ranks=(1 16 64 256 1024)
build=${SMPI_BUILD:-$here/../../build-smpi}
stages_file=${STAGES_FILE:-$here/farm_stages.tsv}
out=${KEEP:-$(mktemp -d)}; mkdir -p "$out"
command -v smpirun > /dev/null || { echo "farm_scaling.sh: needs SimGrid (apt-get install simgrid libsimgrid-dev)" >&2; exit 2; }
if [ ! -x "$build/simulate" ] || [ -n "${REBUILD:-}" ]; then
  cmake -S "$here" -B "$build" -DCMAKE_CXX_COMPILER=smpicxx > "$out/cmake.log"
  nice -n 10 cmake --build "$build" -j2 > "$out/build.log"
fi
for node in $(seq 0 63); do for core in $(seq 16); do echo "node-$node"; done; done > "$out/hosts"
# As run.sh: an Iprobe / Test costs ~1 us on a real MPI (SMPI's default is a 0.1 ms guard).
base_cfg=(--cfg=smpi/host-speed:1Gf --cfg=smpi/iprobe:1e-6 --cfg=smpi/test:1e-6
          --cfg=smpi/wtime:2e-8 --log=root.thres:critical)
simulate() {  # simulate COMPUTE RANKS ARGS...: the RESULT line, tagged with COMPUTE
  local compute=$1 n=$2; shift 2
  if nice -n 10 smpirun -np "$n" -platform "$here/cluster_64x16.xml" -hostfile "$out/hosts" \
    "${base_cfg[@]}" --cfg=smpi/simulate-computation:"$compute" "$build/simulate" farm "$@" \
    < /dev/null > "$out/run.log" 2>&1; then
    grep '^RESULT' "$out/run.log" | sed "s/^RESULT/RESULT compute=$compute/"
  else
    echo "FAILED $1 $n (log: $out/run.$1.$n.$compute.log)" >&2
    cp "$out/run.log" "$out/run.$1.$n.$compute.log"
  fi
}
: > "$out/results"
for n in "${ranks[@]}"; do
  while IFS=$'\t' read -r stage tasks mean cv values _; do
    [[ -z "$stage" || "$stage" == \#* ]] && continue
    [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" $stage "* ]] || continue
    for compute in yes no; do
      simulate "$compute" "$n" "$stage" "$tasks" "$mean" "$cv" "$values" | tee -a "$out/results"
    done
  done < "$stages_file"
done
echo
# The table: each stage's efficiency against its first (1-rank) run, with and without the
# protocol's CPU. Fields of a RESULT line: compute= stage ranks seconds key=value...
awk '$1 == "RESULT" {
  c = $2; s = $3; n = $4; t = $5; h = ""; co = ""; tk = 0
  for (i = 6; i <= NF; ++i) { split($i, kv, "="); if (kv[1] == "handouts") h = kv[2];
    if (kv[1] == "coordinator") co = kv[2]; if (kv[1] == "tasks") tk = kv[2] }
  key = s SUBSEP n
  if (c == "compute=yes") { t_yes[key] = t; hand[key] = h; coord[key] = co; tasks[s] = tk
    if (!(s in base)) { base[s] = t; bn[s] = n; order[++ns] = s }
    ns_of[s] = ns_of[s] " " n }
  else { t_no[key] = t; if (!(s in base_no)) { base_no[s] = t; bn_no[s] = n } } }
END {
  printf "%-30s %6s %9s %10s %9s %7s %9s %9s %8s\n", "stage", "ranks", "tasks/rk", "sim s",
    "speed-up", "eff", "handouts", "coord s", "eff(no)"
  for (j = 1; j <= ns; ++j) { s = order[j]; m = split(ns_of[s], list, " ")
    for (i = 1; i <= m; ++i) { n = list[i]; key = s SUBSEP n
      e_no = (key in t_no) ? sprintf("%.1f %%", 100 * base_no[s] * bn_no[s] / (t_no[key] * n)) : "-"
      printf "%-30s %6d %9.1f %10.4f %9.1f %6.1f%% %9s %9s %8s\n", s, n, tasks[s] / n, t_yes[key],
        base[s] / t_yes[key], 100 * base[s] * bn[s] / (t_yes[key] * n), hand[key], coord[key], e_no } } }' \
  "$out/results"
echo "(RESULT lines and logs in $out; times simulated, counters exact; host load $(cut -d' ' -f1-3 /proc/loadavg))"
