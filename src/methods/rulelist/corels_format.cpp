#include "methods/rulelist/corels_format.hpp"

#include <sstream>

#include "core/error.hpp"
#include "core/input_file.hpp"

namespace adm::methods::rulelist {
namespace {

struct Line {
  std::string name;  // without the braces
  Bits bits;
};

std::vector<Line> read_lines(const std::string& path) {
  std::istringstream in(read_regular_file(path, "CORELS file"));
  std::vector<Line> lines;
  std::string text;
  std::size_t line_no = 0;
  std::size_t rows = 0;
  while (std::getline(in, text)) {
    ++line_no;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") == std::string::npos) continue;
    const auto where = path + ":" + std::to_string(line_no) + ": ";
    const auto open = text.find('{');
    const auto close = text.find('}');
    if (open != 0 || close == std::string::npos)
      throw InputError(where + "expected a line starting with '{name}'");
    Line line;
    line.name = text.substr(1, close - 1);
    std::vector<char> values;
    for (std::size_t i = close + 1; i < text.size(); ++i) {
      const char c = text[i];
      if (c == ' ' || c == '\t') continue;
      if (c != '0' && c != '1')
        throw InputError(where + "unexpected character '" + std::string(1, c) +
                         "' (expected 0 or 1 per row)");
      values.push_back(c);
    }
    if (lines.empty()) rows = values.size();
    if (values.size() != rows)
      throw InputError(where + "has " + std::to_string(values.size()) + " values, line 1 has " +
                       std::to_string(rows));
    line.bits = Bits(values.size());
    for (std::size_t i = 0; i < values.size(); ++i)
      if (values[i] == '1') line.bits.set(i);
    lines.push_back(std::move(line));
  }
  if (lines.empty()) throw InputError(path + ": no lines");
  return lines;
}

void check_rows(const std::string& path, std::size_t got, std::size_t want) {
  if (got != want)
    throw InputError(path + ": " + std::to_string(got) + " rows, but the .out file has " +
                     std::to_string(want));
}

}  // namespace

RuleSet read_corels(const CorelsFiles& files) {
  RuleSet set;
  set.source = files.out;
  auto rules = read_lines(files.out);
  set.rows = rules.front().bits.size();
  if (rules.size() > 65535) throw InputError(files.out + ": more than 65535 antecedents");
  for (auto& r : rules) set.rules.push_back({std::move(r.name), std::move(r.bits)});

  auto labels = read_lines(files.label);
  if (labels.size() != 2)
    throw InputError(files.label + ": expected 2 lines (negative, positive), found " +
                     std::to_string(labels.size()));
  check_rows(files.label, labels[1].bits.size(), set.rows);
  if ((labels[0].bits | labels[1].bits).count() != set.rows ||
      (labels[0].bits & labels[1].bits).count() != 0)
    throw InputError(files.label + ": the two label lines must be complementary");
  set.negative_name = labels[0].name;
  set.positive_name = labels[1].name;
  set.labels = std::move(labels[1].bits);

  if (files.minor.empty()) {
    set.minority = equivalent_minority(set.rules, set.labels);
  } else {
    auto minor = read_lines(files.minor);
    if (minor.size() != 1) throw InputError(files.minor + ": expected one line");
    check_rows(files.minor, minor[0].bits.size(), set.rows);
    set.minority = std::move(minor[0].bits);
  }
  if (!files.groups.empty()) {
    auto groups = read_lines(files.groups);
    Bits seen(set.rows);
    for (auto& g : groups) {
      check_rows(files.groups, g.bits.size(), set.rows);
      if (count_and(seen, g.bits) != 0)
        throw InputError(files.groups + ": group '" + g.name + "' overlaps an earlier group");
      seen |= g.bits;
      set.group_names.push_back(g.name);
      set.groups.push_back(std::move(g.bits));
    }
  }
  check_rule_set(set);
  return set;
}

}  // namespace adm::methods::rulelist
