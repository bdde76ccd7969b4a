#include "reproduce/reproduce.hpp"

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "admissible_version.hpp"
#include "core/error.hpp"
#include "io/result_file.hpp"
#include "parallel/communicator.hpp"
#include "pipelines/experiment_config.hpp"
#include "pipelines/report_page.hpp"
#include "pipelines/runner.hpp"
#include "reproduce/checker.hpp"
#include "reproduce/run_sets.hpp"

namespace adm::pipelines {
namespace fs = std::filesystem;

namespace {

bool has_expectations(const fs::path& folder) {
  std::error_code ec;
  return fs::is_regular_file(folder / "expect.toml", ec);
}

// Same resolved config, version and revision: the run would compute what the file holds.
bool complete(const std::string& config_path, const std::string& result) {
  std::error_code ec;
  if (!fs::is_regular_file(result, ec)) return false;
  try {
    const io::ResultReader r(result);
    return r.attribute_text("/", "config") == resolved_text(load_config(config_path)) &&
           r.attribute_text("/", "version") == kVersion &&
           r.attribute_text("/", "git_revision") == kGitRevision;
  } catch (const std::exception&) {  // unreadable or from another program: rerun
    return false;
  }
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(line);
  return out;
}

}  // namespace

std::string default_configs_root() {
  if (fs::is_directory("configs")) {
    for (const auto& entry : fs::directory_iterator("configs"))
      if (has_expectations(entry.path())) return "configs";
  }
  return (fs::path(ADM_SOURCE_DIR) / "configs").string();
}

std::vector<PaperExpectations> select_papers(const ReproduceRequest& request) {
  std::vector<std::string> names = request.papers;
  const bool all = names.empty() || (names.size() == 1 && names[0] == "all");
  if (all) {
    names.clear();
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(request.configs_root, ec))
      if (has_expectations(entry.path())) names.push_back(entry.path().filename().string());
    if (ec) throw InputError(request.configs_root + ": cannot list the configs folder");
    std::sort(names.begin(), names.end());
    if (names.empty())
      throw InputError(request.configs_root + ": no paper folder with an expect.toml");
  }
  std::vector<PaperExpectations> papers;
  for (const auto& name : names) {
    const fs::path folder = fs::path(request.configs_root) / name;
    if (name == "all" || name.find('/') != std::string::npos || !has_expectations(folder)) {
      std::string known;
      std::error_code ec;
      for (const auto& entry : fs::directory_iterator(request.configs_root, ec))
        if (has_expectations(entry.path()))
          known += (known.empty() ? "" : ", ") + entry.path().filename().string();
      throw InputError("reproduce: no paper '" + name + "' (no " +
                       (folder / "expect.toml").string() + "); papers: " + known + ", or all");
    }
    auto paper = load_expectations(folder.string());
    if (!request.full)
      std::erase_if(paper.expectations, [](const Expectation& e) { return e.full; });
    papers.push_back(std::move(paper));
  }
  return papers;
}

std::string paper_out_dir(const ReproduceRequest& request, const std::string& paper) {
  return (fs::path(request.out_dir) / paper).string();
}

std::vector<std::string> incomplete_configs(const ReproduceRequest& request,
                                            const PaperExpectations& paper) {
  ResultFiles files(paper_out_dir(request, paper.paper));
  std::vector<std::string> out;
  for (const auto& config : paper.configs()) {
    const std::string path = config_file(paper, config, paper_out_dir(request, paper.paper));
    if (!complete(path, files.path_of(config))) out.push_back(path);
  }
  return out;
}

std::vector<PaperReproduction> check_reproductions(const ReproduceRequest& request,
                                                   const std::vector<PaperExpectations>& papers) {
  std::vector<PaperReproduction> out;
  for (const auto& paper : papers) {
    ResultFiles files(paper_out_dir(request, paper.paper));
    PaperReproduction r;
    r.expectations = paper;
    r.verdicts = check_paper(paper, files);
    for (const auto& config : paper.configs()) r.result_files.push_back(files.path_of(config));
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<PaperReproduction> reproduce(dist::Communicator& comm,
                                         const ReproduceRequest& request) {
  std::vector<PaperExpectations> papers;
  comm.agree([&] { papers = select_papers(request); });
  for (const auto& paper : papers) {
    // Rank 0 decides what to run (it reads the result files) and tells the others.
    std::string todo;
    comm.agree([&] {
      if (!comm.is_root()) return;
      for (const auto& path : incomplete_configs(request, paper)) todo += path + "\n";
    });
    comm.broadcast(todo);
    const auto configs = split_lines(todo);
    if (comm.is_root() && request.progress)
      *request.progress << "reproduce " << paper.paper << ": " << configs.size() << " of "
                        << paper.configs().size() << " configs to run\n";
    ResultFiles files(paper_out_dir(request, paper.paper));
    for (const auto& path : configs) {
      ExperimentConfig config;
      comm.agree([&] { config = load_config(path); });
      std::ostringstream summary;  // each run's summary is in its result file
      RunRequest run{config,         files.path_of(fs::path(path).filename().string()),
                     request.resume, request.command_line,
                     &summary,       comm.is_root() ? request.progress : nullptr};
      if (comm.is_root() && request.progress)
        *request.progress << "reproduce " << paper.paper << ": run " << path << " -> "
                          << run.out_override << "\n";
      run_experiment(comm, run);
    }
  }
  if (!comm.is_root()) return {};
  return check_reproductions(request, papers);
}

std::string write_reproduction_page(const ReproduceRequest& request,
                                    const std::vector<PaperReproduction>& done) {
  std::vector<PaperReproduction> all = done;
  // Papers run earlier into the same folder: every paper folder under configs that has a
  // results folder here and was not checked in this run.
  ReproduceRequest others = request;
  others.papers.clear();
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(request.configs_root, ec)) {
    const std::string name = entry.path().filename().string();
    const bool checked = std::any_of(done.begin(), done.end(), [&](const PaperReproduction& p) {
      return p.expectations.paper == name;
    });
    if (!checked && has_expectations(entry.path()) &&
        fs::is_directory(paper_out_dir(request, name), ec))
      others.papers.push_back(name);
  }
  std::sort(others.papers.begin(), others.papers.end());
  for (const auto& name : others.papers) {
    // A paper whose expectations no longer read (edited since it ran) is left off the page with
    // a word; it must not cost the papers just checked their page.
    ReproduceRequest one = others;
    one.papers = {name};
    try {
      auto more = check_reproductions(one, select_papers(one));
      all.insert(all.end(), more.begin(), more.end());
    } catch (const InputError& e) {
      if (request.progress)
        *request.progress << "report: paper " << name << " left out: " << e.what() << "\n";
    }
  }
  std::sort(all.begin(), all.end(), [](const PaperReproduction& a, const PaperReproduction& b) {
    return a.expectations.paper < b.expectations.paper;
  });
  VerdictTable verdicts;
  std::vector<std::string> results;
  report::ReportOptions options;
  options.title = "admissible reproduction";
  options.run_name = "reproduction in " + request.out_dir;
  options.base_dir = request.out_dir;
  for (const auto& p : all) {
    const auto& e = p.expectations;
    options.papers.push_back({e.paper, e.title, e.authors, e.venue});
    verdicts.insert(verdicts.end(), p.verdicts.begin(), p.verdicts.end());
    for (const auto& r : p.result_files)
      if (fs::exists(r)) results.push_back(r);
  }
  options.verdicts = &verdicts;
  const std::string html = (fs::path(request.out_dir) / "report.html").string();
  write_report(results, html, options);
  return html;
}

}  // namespace adm::pipelines
