#pragma once
// The infogram as a standalone SVG document: relevance on x, net (core) or safety (fair)
// information on y, both over [0, 1] with a margin inside the axes box (so points at 0 or 1 are not
// drawn on the frame); the L-region shaded with its threshold lines; admissible features labelled
// in blue, risky ones (fair mode: relevant but unsafe) in red, the others drawn as grey dots. Pure
// text, so it can be written anywhere.
#include <string>

#include "methods/infogram/infogram.hpp"

namespace adm::methods {

struct SvgOptions {
  std::string title;  // empty: "Core InfoGram" / "Fair InfoGram"
  int width = 560;
  int height = 560;
};

std::string infogram_svg(const InfogramResult& infogram, const SvgOptions& options = {});

// Text escaped for SVG/XML character data and attribute values.
std::string xml_escape(const std::string& text);

}  // namespace adm::methods
