#pragma once
// The configs of a [[runs]] set of expect.toml (pipelines/expectations.hpp) as real files: run v
// is the base config with its key set to v, written as <out>/<paper>/runs/<name>_<v>.toml, so what
// ran is a config a user can read and rerun (`admissible run`) like any other.
#include <cstdint>
#include <string>

#include "reproduce/expectations.hpp"

namespace adm::pipelines {

// The text of run `run` of `set`: the base config (in `paper.folder`) with run's keys set.
std::string run_config_text(const PaperExpectations& paper, const RunSet& set, const RunCase& run);
// The same for run `value` of a key/from/to set: set.key = value.
std::string run_config_text(const PaperExpectations& paper, const RunSet& set, std::int64_t value);

// The file of a config name the expectations read: the paper folder's own, or a run set's,
// written under `out_dir` (the paper's results folder) when absent or different.
std::string config_file(const PaperExpectations& paper, const std::string& config,
                        const std::string& out_dir);

}  // namespace adm::pipelines
