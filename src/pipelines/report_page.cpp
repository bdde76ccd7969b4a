#include "pipelines/report_page.hpp"

#include <ctime>
#include <filesystem>

#include "admissible_version.hpp"
#include "core/error.hpp"
#include "io/load_result.hpp"
#include "io/staged_file.hpp"
#include "pipelines/registry.hpp"
#include "report/pattern_text.hpp"

namespace adm::pipelines {

void check_page_path(const std::string& html, const std::vector<std::string>& inputs) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path path(html);
  if (html.empty() || path.filename().empty() || fs::is_directory(path, ec))
    throw InputError(html +
                     ": the page (--html) names a folder, not a file; give a file name "
                     "such as " +
                     (path / "report.html").lexically_normal().string());
  // Compared as files (device and inode), so ./A.h5, a link to it or another spelling is caught:
  // writing the page there would replace an input with HTML.
  for (const auto& input : inputs)
    if (fs::equivalent(html, input, ec))  // false (with ec set) when either does not exist
      throw InputError(html + ": the page (--html) is an input of the report (" + input +
                       "); writing it would replace that file: choose another --html");
}

namespace {

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
  return buf;
}

}  // namespace

void write_report(const std::vector<std::string>& results, const std::string& html,
                  const report::ReportOptions& options) {
  check_page_path(html, results);
  std::vector<ResultDocument> docs;
  for (const auto& path : results) {
    docs.push_back(io::load_result(path));
    // Every result admissible writes says so on its root; any other HDF5 file would give a page
    // of unrelated datasets that looks like a report.
    const std::string* program = docs.back().attribute("program");
    if (!program || *program != "admissible")
      throw InputError(path +
                       ": not a result file of admissible (its root has no attribute program = "
                       "\"admissible\"); report reads the files that `admissible run` writes");
    report::add_pattern_texts(docs.back().results);  // stored as keys, shown as text
  }
  // The page's top line: what was run, when the page was written, by which build.
  report::ReportOptions o = options;
  if (o.stages.empty()) o.stages = report_sections();  // each registered pipeline's section
  if (o.run_name.empty())
    for (const auto& path : results)
      o.run_name += (o.run_name.empty() ? "" : ", ") + std::filesystem::path(path).stem().string();
  if (o.written.empty()) o.written = utc_now();
  if (o.version.empty()) o.version = std::string(kVersion) + " (" + kGitRevision + ")";
  io::StagedFile page(html, report::render_report(docs, o));
  page.publish();
}

}  // namespace adm::pipelines
