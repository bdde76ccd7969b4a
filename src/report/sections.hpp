#pragma once
// The report's section renderers, one file each. A stage section draws the stage's figures from
// known datasets and then its tables (group_tables.hpp); every renderer escapes what it writes and
// marks what it showed, so the generic listing at the end of a result shows the rest.
#include <string>
#include <vector>

#include "core/verdict.hpp"
#include "report/result_data.hpp"
#include "report/stage_section.hpp"

namespace adm::report {

// Provenance: program, version, revision, pipeline, ranks, hosts, times, command line, seed,
// config file, and the resolved config text.
std::string provenance_section(const ResultDocument& doc, const std::string& id);

// A summary line (core/verdict.hpp's, as on the terminal), then per paper its citation and a
// table figure | ours | paper | comparison | verdict | explanation | result, with result files
// shown relative to `base` (the reproduction folder; empty: as given).
std::string verdict_section(const VerdictTable& verdicts, const std::vector<PaperCitation>& papers,
                            const std::string& base);

// Figures of each stage, from a result's datasets (empty when the stage is absent).
std::string data_figures(const ResultData& data);
std::string fairness_figures(const ResultData& data);
std::string info_figures(const ResultData& data);
std::string infogram_figures(const ResultData& data);
std::string alfa_figures(const ResultData& data);
std::string models_figures(const ResultData& data);
std::string rulelist_figures(const ResultData& data);
std::string patterns_figures(const ResultData& data);
std::string shapley_figures(const ResultData& data);
std::string fairforest_figures(const ResultData& data);

// Every stage of `stages` present in the result as its own <section> (figures, then tables), then
// any group no stage knows as a listing.
std::string stage_sections(const ResultData& data, const std::vector<StageSection>& stages);

}  // namespace adm::report
