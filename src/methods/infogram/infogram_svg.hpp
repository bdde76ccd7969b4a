#pragma once
// The infogram as a standalone SVG document (drawn by the shared plotting module,
// report/svg_plots.hpp): relevance on x, net (core) or safety (fair) information on y; the
// L-region shaded; admissible features labelled in blue, risky ones in red, the others grey dots.
#include <string>

#include "methods/infogram/infogram.hpp"

namespace adm::methods {

struct SvgOptions {
  std::string title;  // empty: "Core InfoGram" / "Fair InfoGram"
  int width = 560;
  int height = 560;
};

std::string infogram_svg(const InfogramResult& infogram, const SvgOptions& options = {});

}  // namespace adm::methods
