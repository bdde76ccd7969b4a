#pragma once
// The figures drawn from a result's datasets, in one place: the report's sections embed them, and
// the pipelines write the same documents beside a result file (ResultSet::add_file), so a figure
// is built once however it is seen. Each returns a standalone SVG document (report/svg_plots.hpp),
// "" when the result lacks the datasets.
#include <string>

#include "core/result_document.hpp"
#include "report/result_data.hpp"

namespace adm::report {

// /infogram: relevance against net (core) or safety (fair) information, every feature named.
// `title` empty: "Core InfoGram" / "Fair InfoGram".
std::string infogram_figure(const ResultData& data, const std::string& title = "");

// /fairforest/importance/{standard,fair} over /fairforest/features: MDI shares of the standard
// and the fair forest (Fair Forests, Figures 1-2). The fair model is named as the dataset's
// description names it.
std::string importance_figure(const ResultData& data, const std::string& title);

// /rulelist/pareto/<metric>: test error against test unfairness of every epsilon, the
// non-dominated ones joined.
std::string pareto_figure(const ResultData& data, const std::string& metric);

// A document holding copies of the datasets of `results` under `prefix` (e.g. "/infogram"), for a
// pipeline that draws a figure of what it is about to write.
ResultDocument document_of(const ResultSet& results, const std::string& prefix);

}  // namespace adm::report
