#pragma once
// `admissible reproduce --slurm`: the same reproduction as a Slurm job array, one task per config
// to run (slurm/reproduce.sbatch, each task through slurm/run.sbatch), plus a job that starts
// after the array ends and checks the results (`admissible reproduce --check`), its verdict
// tables in <out>/reproduce-report-<job id>.out. Extra sbatch options for the array (ranks per
// task, partition, time) come from $ADM_SBATCH_ARGS.
#include <string>

#include "reproduce/reproduce.hpp"

namespace adm::pipelines {

// Writes <out>/slurm-tasks.txt, submits the jobs and returns what was submitted, for the user.
// Throws InputError when the papers are unknown or sbatch is missing or refuses a job.
std::string submit_reproduction(const ReproduceRequest& request);

}  // namespace adm::pipelines
