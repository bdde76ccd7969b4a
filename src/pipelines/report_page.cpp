#include "pipelines/report_page.hpp"

#include <ctime>
#include <filesystem>

#include "admissible_version.hpp"
#include "io/load_result.hpp"
#include "io/staged_file.hpp"

namespace adm::pipelines {

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
  std::vector<ResultDocument> docs;
  for (const auto& path : results) docs.push_back(io::load_result(path));
  // The page's top line: what was run, when the page was written, by which build.
  report::ReportOptions o = options;
  if (o.run_name.empty())
    for (const auto& path : results)
      o.run_name += (o.run_name.empty() ? "" : ", ") + std::filesystem::path(path).stem().string();
  if (o.written.empty()) o.written = utc_now();
  if (o.version.empty()) o.version = std::string(kVersion) + " (" + kGitRevision + ")";
  io::StagedFile page(html, report::render_report(docs, o));
  page.publish();
}

}  // namespace adm::pipelines
