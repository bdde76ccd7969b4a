#include "methods/fairforest/importance_svg.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "core/error.hpp"
#include "methods/infogram/infogram_svg.hpp"

namespace adm::methods::fairforest {
namespace {

std::string num(double v) {  // locale-independent and short
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

}  // namespace

std::string importance_svg(const std::vector<std::string>& features,
                           const std::vector<double>& standard, const std::vector<double>& fair,
                           const std::string& title, const std::string& fair_label) {
  if (features.empty() || standard.size() != features.size() || fair.size() != features.size())
    throw InputError("importance_svg: one standard and one fair value per feature are needed");
  const double label_w = 190, bar_w = 420, row_h = 26, top = 60, left = label_w + 20;
  const double width = left + bar_w + 80, height = top + row_h * features.size() + 50;
  double top_value = 1e-12;
  for (std::size_t i = 0; i < features.size(); ++i)
    top_value = std::max({top_value, standard[i], fair[i]});
  const char* colour_std = "#1f77b4";
  const char* colour_fair = "#d62728";
  std::ostringstream s;
  s << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width) << "\" height=\""
    << num(height) << "\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
    << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    << "<text x=\"" << num(width / 2) << "\" y=\"24\" text-anchor=\"middle\" font-size=\"16\">"
    << methods::xml_escape(title) << "</text>\n";
  // Legend.
  s << "<rect x=\"" << num(left) << "\" y=\"34\" width=\"12\" height=\"12\" fill=\"" << colour_std
    << "\"/><text x=\"" << num(left + 16) << "\" y=\"45\">Standard (RF)</text>\n"
    << "<rect x=\"" << num(left + 150) << "\" y=\"34\" width=\"12\" height=\"12\" fill=\""
    << colour_fair << "\"/><text x=\"" << num(left + 166) << "\" y=\"45\">Fair ("
    << methods::xml_escape(fair_label) << ")</text>\n";
  for (std::size_t i = 0; i < features.size(); ++i) {
    const double y = top + row_h * static_cast<double>(i);
    s << "<text x=\"" << num(label_w) << "\" y=\"" << num(y + 16) << "\" text-anchor=\"end\">"
      << methods::xml_escape(features[i]) << "</text>\n";
    const double ws = bar_w * standard[i] / top_value, wf = bar_w * fair[i] / top_value;
    s << "<rect x=\"" << num(left) << "\" y=\"" << num(y + 3) << "\" width=\"" << num(ws)
      << "\" height=\"9\" fill=\"" << colour_std << "\"><title>" << num(standard[i])
      << "</title></rect>\n"
      << "<rect x=\"" << num(left) << "\" y=\"" << num(y + 13) << "\" width=\"" << num(wf)
      << "\" height=\"9\" fill=\"" << colour_fair << "\"><title>" << num(fair[i])
      << "</title></rect>\n"
      << "<text x=\"" << num(left + std::max(ws, wf) + 4) << "\" y=\"" << num(y + 16)
      << "\" font-size=\"10\" fill=\"#555\">" << num(standard[i]) << " / " << num(fair[i])
      << "</text>\n";
  }
  const double axis_y = top + row_h * static_cast<double>(features.size()) + 4;
  s << "<line x1=\"" << num(left) << "\" y1=\"" << num(axis_y) << "\" x2=\"" << num(left + bar_w)
    << "\" y2=\"" << num(axis_y) << "\" stroke=\"black\"/>\n"
    << "<text x=\"" << num(left + bar_w / 2) << "\" y=\"" << num(axis_y + 30)
    << "\" text-anchor=\"middle\">relative MDI importance (share of the model's total)</text>\n"
    << "</svg>\n";
  return s.str();
}

}  // namespace adm::methods::fairforest
