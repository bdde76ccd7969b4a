#include "reproduce/reproduce_slurm.hpp"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>

#include "core/error.hpp"

namespace adm::pipelines {
namespace fs = std::filesystem;
namespace {

std::string quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs a shell command and returns its standard output; InputError when it fails.
std::string output_of(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen((command + " 2>&1").c_str(), "r"), pclose);
  if (!pipe) throw InternalError("reproduce --slurm: cannot run " + command);
  std::string out;
  std::array<char, 256> buf;
  while (std::fgets(buf.data(), buf.size(), pipe.get())) out += buf.data();
  const int status = pclose(pipe.release());
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  if (status != 0) throw InputError("reproduce --slurm: `" + command + "` failed: " + out);
  return out;
}

std::string job_id(const std::string& parsable) { return parsable.substr(0, parsable.find(';')); }

}  // namespace

std::string submit_reproduction(const ReproduceRequest& request) {
  const auto papers = select_papers(request);
  const fs::path out = fs::absolute(request.out_dir);
  const fs::path root = fs::absolute(request.configs_root);
  const fs::path slurm = root.parent_path() / "slurm";
  if (!fs::is_regular_file(slurm / "reproduce.sbatch"))
    throw InputError("reproduce --slurm: no " + (slurm / "reproduce.sbatch").string());
  fs::create_directories(out);
  const fs::path list = out / "slurm-tasks.txt";
  std::ofstream tasks(list);
  std::size_t n = 0;
  std::string names;
  ReproduceRequest absolute = request;
  absolute.out_dir = out.string();
  for (const auto& paper : papers) {
    names += " " + quoted(paper.paper);
    for (const auto& config : incomplete_configs(absolute, paper)) {
      tasks << fs::absolute(config).string() << "\t"
            << (fs::path(paper_out_dir(absolute, paper.paper)) / fs::path(config).stem()).string()
            << ".h5\n";
      ++n;
    }
  }
  tasks.close();
  if (!tasks) throw InputError(list.string() + ": cannot write the task list");
  std::error_code ec;
  const std::string self = fs::read_symlink("/proc/self/exe", ec).string();
  if (!self.empty()) setenv("ADM_BIN", self.c_str(), 1);
  if (request.resume) setenv("ADM_RESUME", "1", 1);
  setenv("ADM_REPO", root.parent_path().string().c_str(), 1);
  const char* extra = std::getenv("ADM_SBATCH_ARGS");
  const std::string sbatch = "cd " + quoted(out.string()) + " && sbatch --parsable ";
  std::string text, dependency;
  if (n > 0) {
    const std::string array = job_id(output_of(
        sbatch + "--array=0-" + std::to_string(n - 1) + " " + (extra ? extra : std::string()) +
        " " + quoted((slurm / "reproduce.sbatch").string()) + " " + quoted(list.string())));
    text += "submitted job array " + array + ": " + std::to_string(n) + " configs (" +
            list.string() + ")\n";
    dependency = "--dependency=afterany:" + array + " ";
  } else {
    text += "every result is complete: no config to run\n";
  }
  const std::string report =
      job_id(output_of(sbatch + dependency + "-n 1 --output=reproduce-report-%j.out " +
                       quoted((slurm / "reproduce-report.sbatch").string()) + " " +
                       quoted(out.string()) + " " + quoted(root.string()) + names));
  text += "submitted report job " + report + (n > 0 ? " (after the array)" : "") +
          ": verdict tables in " + (out / ("reproduce-report-" + report + ".out")).string() + "\n";
  return text;
}

}  // namespace adm::pipelines
