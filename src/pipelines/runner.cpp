#include "pipelines/runner.hpp"

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <memory>

#include "admissible_version.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/termination.hpp"
#include "io/input_digest.hpp"
#include "io/journal.hpp"
#include "io/load_data.hpp"
#include "io/output_lock.hpp"
#include "io/result_file.hpp"
#include "io/write_results.hpp"
#include "parallel/communicator.hpp"
#include "parallel/task_farm.hpp"
#include "pipelines/audit/split_audit.hpp"
#include "pipelines/node_data.hpp"
#include "pipelines/registry.hpp"
#include "pipelines/result_path.hpp"
#include "pipelines/work_stats.hpp"

namespace adm::pipelines {
namespace {

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ",") + i;
  return out;
}

// Checks a pipeline needs before any computing, so bad input fails fast and on every rank alike.
void check_pipeline_inputs(const ExperimentConfig& config, const data::Dataset& data) {
  if (const auto& check = find_pipeline(config.run.pipeline).check_inputs) check(config, data);
}

}  // namespace

std::string validate_experiment(const ExperimentConfig& config) {
  if (config.data.layout == data::DataLayout::Split) check_split_supported(config);
  data::Dataset data = io::load_dataset(config.data);
  check_pipeline_inputs(config, data);
  return std::to_string(data.rows()) + " rows, " + std::to_string(data.roles().features.size()) +
         " features, target '" + data.roles().target + "', sensitive [" +
         join(data.roles().sensitive) + "]";
}

RunOutcome run_experiment(dist::Communicator& comm, const RunRequest& request) {
  const ExperimentConfig& config = request.config;
  RunOutcome outcome;
  outcome.out_path = request.out_override.empty() ? config.run.out : request.out_override;
  set_termination_advice("");  // until this run's journal exists (reproduce runs several)
  const std::string started = utc_now();
  const auto t0 = std::chrono::steady_clock::now();

  const std::vector<std::string> inputs = data_files(config);
  std::unique_ptr<io::OutputLock> lock;  // held by the coordinator, which writes every file
  // Split layout: no rank loads the rows; the audit reads the file in byte ranges below.
  const bool split = config.data.layout == data::DataLayout::Split;
  comm.agree([&] {
    if (split) check_split_supported(config);
    auto own_inputs = inputs;
    own_inputs.push_back(config.file);
    prepare_result_path(outcome.out_path, own_inputs);
    if (comm.is_root()) lock = std::make_unique<io::OutputLock>(outcome.out_path);
  });
  // Split layout: every rank reads its byte range and keeps counts. Otherwise the data is loaded
  // once per node and viewed by the node's ranks.
  SplitAuditData split_data;
  RunData run_data;
  data::LoadReport load;  // rows, columns and bytes read, and how the ranks shared the reading
  if (split) {
    split_data = load_split_audit(config, comm);  // collective, agrees on errors
  } else {
    run_data = load_run_data(comm, config.data, &load);
    comm.agree([&] { check_pipeline_inputs(config, run_data.data); });
    log_run_data(run_data, comm.is_root() ? request.progress : nullptr);  // bad input: error alone
  }
  const data::Dataset& data = run_data.data;

  // Only the coordinator checkpoints. The fingerprint ties a checkpoint to config and build, the
  // digests to the bytes of the data files.
  const std::string resolved = resolved_text(config);
  std::unique_ptr<io::Journal> journal;
  comm.agree([&] {
    if (!comm.is_root()) return;
    const std::uint64_t fingerprint = stable_hash(resolved + "\n" + kVersion + "\n" + kGitRevision);
    journal = std::make_unique<io::Journal>(outcome.out_path + ".journal", fingerprint,
                                            request.resume, io::digest_files(inputs));
    outcome.resumed_tasks = journal->resumed_records();
    set_termination_advice("completed tasks are kept in " + journal->path() +
                           ": rerun the same command with --resume to continue");
  });

  dist::FarmOptions farm_options;
  farm_options.seed = config.run.seed;
  farm_options.checkpoint = journal.get();
  farm_options.progress = comm.is_root() ? request.progress : nullptr;
  dist::TaskFarm farm(comm, farm_options);

  ResultSet results;
  std::ostringstream summary;
  if (!split) {
    data::add_load_report(results, load);
    summary << data::describe(load) << "\n";
  }
  StageContext context{config, data, farm, results, summary};
  Timings timings;
  if (split)
    run_split_audit(split_data, config, farm, results, summary, timings);  // audit only
  else
    find_pipeline(config.run.pipeline).run(context, timings);
  write_farm_stats(results, farm.history());
  if (!split) write_run_data(run_data, results);
  const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  const auto hosts = comm.hostnames();
  const auto write_result = [&] {
    io::ResultFile file(outcome.out_path);
    file.attribute("program", std::string("admissible"));
    file.attribute("version", std::string(kVersion));
    file.attribute("git_revision", std::string(kGitRevision));
    file.attribute("config", resolved);
    file.attribute("config_file", config.file);
    file.attribute("command_line", request.command_line);
    file.attribute("pipeline", config.run.pipeline);
    file.attribute("ranks", static_cast<std::int64_t>(comm.size()));
    file.attribute("seed", static_cast<std::int64_t>(config.run.seed));
    file.attribute("start_time", started);
    file.attribute("end_time", utc_now());
    file.attribute("hosts", join(hosts));
    const char* job = std::getenv("SLURM_JOB_ID");
    file.attribute("slurm_job_id", std::string(job ? job : ""));
    file.attribute("resumed_tasks", static_cast<std::int64_t>(outcome.resumed_tasks));
    io::write_results(file, results);
    std::vector<io::StagedFile> side_files;  // published only with the result
    for (const auto& [suffix, content] : results.files())
      side_files.push_back(io::stage_side_file(outcome.out_path, suffix, content));
    for (const auto& [stage, seconds] : timings)
      file.write("/timing/" + stage, std::vector<double>{seconds},
                 "Wall time of the stage on the coordinator (varies between runs).", "s");
    file.write("/timing/total", std::vector<double>{total}, "Wall time of the whole run.", "s");
    file.commit();
    for (auto& side : side_files) side.publish();
    journal->remove();
    set_termination_advice("the result " + outcome.out_path + " was already written");
    if (request.summary)
      *request.summary << summary.str() << "result: " << outcome.out_path << "\n";
  };
  comm.agree([&] {
    if (!comm.is_root()) return;
    try {
      write_result();
    } catch (const InternalError& e) {  // e.g. a full disk: the computed tasks are not lost
      // Only a journal that holds completed tasks saves work; one with its header alone would
      // promise what a resume cannot keep (it recomputes everything), so it is removed.
      if (journal->held_records() == 0) {
        journal->remove();
        throw InternalError(std::string(e.what()) +
                            "; the run checkpointed no completed task, so there is nothing to "
                            "resume: rerun the same command");
      }
      throw InternalError(std::string(e.what()) + "; the checkpoint " + journal->path() +
                          " keeps " + std::to_string(journal->held_records()) +
                          " completed tasks: rerun with --resume to write the result without "
                          "recomputing them");
    }
  });
  return outcome;
}

}  // namespace adm::pipelines
