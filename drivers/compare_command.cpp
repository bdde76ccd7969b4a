#include "compare_command.hpp"

#include <iostream>

#include "core/error.hpp"
#include "io/result_file.hpp"

namespace adm::driver {

CLI::App* add_compare_command(CLI::App& app, CompareArgs& args) {
  auto* compare = app.add_subcommand(
      "compare", "Compare the result datasets of two runs bit for bit (exit 0 if identical)");
  compare->add_option("A B", args.files, "Two result files")->required()->expected(2);
  compare->add_option("--exclude", args.exclude, "Further path prefixes to ignore");
  compare->add_flag("--include-timing", args.include_timing,
                    "Also compare /timing (wall-clock times and scheduling-dependent counters, "
                    "ignored by default)");
  return compare;
}

int run_compare_command(dist::Communicator& comm, CompareArgs args) {
  // /timing differs between any two runs (clocks, which rank did what): never a finding.
  if (!args.include_timing) args.exclude.push_back("/timing");
  const auto diffs = io::compare_results(args.files[0], args.files[1], args.exclude);
  if (comm.is_root()) {
    for (const auto& d : diffs) std::cout << d << "\n";
    std::cout << (diffs.empty() ? "identical" : "results differ") << std::endl;
  }
  return diffs.empty() ? kExitOk : kExitResultsDiffer;
}

}  // namespace adm::driver
