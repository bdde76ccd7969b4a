#include "data/number_text.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

namespace adm::data {

NumberKind parse_number(std::string_view text, double& value) {
  const char* b = text.data();
  const char* e = b + text.size();
  if (e - b > 1 && *b == '+' && b[1] != '+' && b[1] != '-') ++b;  // from_chars rejects '+'
  if (b == e) return NumberKind::Text;
  double v = 0.0;
  auto [p, ec] = std::from_chars(b, e, v);
  if (p != e) return NumberKind::Text;
  if (ec == std::errc::result_out_of_range) return NumberKind::NonFinite;
  if (ec != std::errc()) return NumberKind::Text;
  value = v;
  return std::isfinite(v) ? NumberKind::Finite : NumberKind::NonFinite;
}

std::string format_number(double value) {
  if (value == 0.0) value = 0.0;  // no "-0" labels
  std::array<char, 32> buf{};
  auto [p, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), value);
  return std::string(buf.data(), p);
}

void sort_levels(std::vector<std::string>& levels) {
  std::vector<std::pair<double, std::string>> keyed;
  keyed.reserve(levels.size());
  for (auto& level : levels) {
    double v = 0.0;
    if (parse_number(level, v) != NumberKind::Finite) {
      std::sort(levels.begin(), levels.end());
      return;
    }
    keyed.emplace_back(v, level);
  }
  std::sort(keyed.begin(), keyed.end());  // ties ("1" vs "1.0") broken by text
  for (std::size_t i = 0; i < levels.size(); ++i) levels[i] = std::move(keyed[i].second);
}

}  // namespace adm::data
