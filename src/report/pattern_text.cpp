#include "report/pattern_text.hpp"

#include <algorithm>
#include <string_view>
#include <variant>

#include "core/error.hpp"

namespace adm::report {

PatternDescriber::PatternDescriber(const std::vector<std::string>& names,
                                   const std::vector<std::vector<std::string>>& level_names,
                                   const std::vector<std::size_t>& levels)
    : levels_(levels), pieces_(names.size()) {
  for (std::size_t f = 0; f < names.size(); ++f) {
    // States 1..levels are the y values, the next ones (a sensitive feature's) the x values.
    const std::size_t states = 1 + 2 * levels[f];
    pieces_[f].resize(states);
    for (std::size_t s = 1; s < states; ++s) {
      const std::size_t v = s > levels[f] ? s - 1 - levels[f] : s - 1;
      const bool named = f < level_names.size() && v < level_names[f].size();
      pieces_[f][s] = names[f] + "=" + (named ? level_names[f][v] : std::to_string(v));
    }
  }
}

// Sized first, then copied into place: a top-200,000 list is 200,000 calls.
std::string PatternDescriber::operator()(std::span<const std::uint8_t> key) const {
  const auto piece = [&](std::size_t f) -> const std::string& {
    if (f >= pieces_.size() || key[f] >= pieces_[f].size())
      throw InternalError("pattern key: state out of range");
    return pieces_[f][key[f]];
  };
  std::size_t size = 9;  // "x: " and " | y: "
  std::size_t nx = 0, ny = 0;
  for (std::size_t f = 0; f < key.size(); ++f) {
    if (key[f] == 0) continue;
    ++(key[f] > levels_[f] ? nx : ny);
    size += piece(f).size();
  }
  size += 2 * ((nx > 0 ? nx - 1 : 0) + (ny > 0 ? ny - 1 : 0));  // ", "
  std::string out(size, '\0');
  char* at = out.data();
  const auto put = [&](std::string_view s) { at = std::copy(s.begin(), s.end(), at); };
  put("x: ");
  for (const bool x_side : {true, false}) {
    if (!x_side) put(" | y: ");
    bool first = true;
    for (std::size_t f = 0; f < key.size(); ++f) {
      if (key[f] == 0 || (key[f] > levels_[f]) != x_side) continue;
      if (!first) put(", ");
      first = false;
      put(piece(f));
    }
  }
  return out;
}

std::vector<std::string> pattern_texts(const std::vector<std::int64_t>& keys, std::size_t columns,
                                       const std::vector<std::string>& variable,
                                       const std::vector<std::string>& value) {
  // Features in order of their first row, each with its levels in row order.
  std::vector<std::string> names;
  std::vector<std::vector<std::string>> level_names;
  if (variable.size() != value.size())
    throw InternalError("pattern keys: the model's variable and value lists differ in length");
  for (std::size_t i = 0; i < variable.size(); ++i) {
    if (names.empty() || names.back() != variable[i]) {
      names.push_back(variable[i]);
      level_names.emplace_back();
    }
    level_names.back().push_back(value[i]);
  }
  if (names.size() != columns || (columns > 0 && keys.size() % columns != 0))
    throw InternalError("pattern keys: " + std::to_string(columns) + " columns for " +
                        std::to_string(names.size()) + " model features");
  std::vector<std::size_t> levels;
  for (const auto& l : level_names) levels.push_back(l.size());
  const PatternDescriber describe(names, level_names, levels);
  std::vector<std::string> out;
  std::vector<std::uint8_t> key(columns);
  for (std::size_t at = 0; columns > 0 && at < keys.size(); at += columns) {
    for (std::size_t f = 0; f < columns; ++f) {
      const std::int64_t s = keys[at + f];
      if (s < 0 || s > static_cast<std::int64_t>(2 * levels[f]))
        throw InternalError("pattern keys: state out of range");
      key[f] = static_cast<std::uint8_t>(s);
    }
    out.push_back(describe(key));
  }
  return out;
}

void add_pattern_texts(ResultSet& results) {
  const std::string g = "/patterns/mine";
  const auto* keys = results.find(g + "/key");
  const auto* variable = results.find("/patterns/model/variable");
  const auto* value = results.find("/patterns/model/value");
  if (!keys || !variable || !value || results.find(g + "/pattern")) return;
  const auto* k = std::get_if<std::vector<std::int64_t>>(&keys->values);
  const auto* names = std::get_if<std::vector<std::string>>(&variable->values);
  const auto* levels = std::get_if<std::vector<std::string>>(&value->values);
  if (!k || !names || !levels) return;
  const std::size_t columns = keys->dims.size() == 2 ? keys->dims[1] : 1;
  results.add(
      g + "/pattern", pattern_texts(*k, columns, *names, *levels),
      "Patterns, best first: sensitive x and other y values (rendered from " + g + "/key).");
}

}  // namespace adm::report
