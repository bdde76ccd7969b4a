#include "methods/rulelist/rule_set.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "core/error.hpp"

namespace adm::methods::rulelist {

std::vector<std::uint32_t> capture_classes(const std::vector<Rule>& rules, std::size_t rows,
                                           std::size_t* classes) {
  const std::size_t words = (rules.size() + 63) / 64;
  // Row signatures: bit j = rule j captures the row.
  std::vector<std::uint64_t> sig(rows * words, 0);
  for (std::size_t j = 0; j < rules.size(); ++j)
    for (std::size_t row : rules[j].captures.indices())
      sig[row * words + j / 64] |= std::uint64_t{1} << (j % 64);
  std::vector<std::size_t> order(rows);
  std::iota(order.begin(), order.end(), 0);
  auto less = [&](std::size_t a, std::size_t b) {
    return std::lexicographical_compare(sig.begin() + a * words, sig.begin() + (a + 1) * words,
                                        sig.begin() + b * words, sig.begin() + (b + 1) * words);
  };
  auto same = [&](std::size_t a, std::size_t b) {
    return std::equal(sig.begin() + a * words, sig.begin() + (a + 1) * words,
                      sig.begin() + b * words);
  };
  std::sort(order.begin(), order.end(), less);
  std::vector<std::uint32_t> id(rows, 0);
  std::uint32_t next = 0;
  for (std::size_t k = 0; k < rows; ++k) {
    if (k > 0 && !same(order[k - 1], order[k])) ++next;
    id[order[k]] = next;
  }
  if (classes) *classes = rows ? std::size_t{next} + 1 : 0;
  return id;
}

Bits equivalent_minority(const std::vector<Rule>& rules, const Bits& labels) {
  const std::size_t n = labels.size();
  std::size_t classes = 0;
  const auto id = capture_classes(rules, n, &classes);
  std::vector<std::size_t> pos(classes, 0), size(classes, 0);
  for (std::size_t row = 0; row < n; ++row) {
    size[id[row]] += 1;
    pos[id[row]] += labels.get(row) ? 1 : 0;
  }
  Bits minority(n);
  for (std::size_t row = 0; row < n; ++row) {
    const bool mark_positive = 2 * pos[id[row]] <= size[id[row]];  // positives are the minority
    if (labels.get(row) == mark_positive) minority.set(row);       // (or tie)
  }
  return minority;
}

namespace {

Bits restrict_bits(const Bits& bits, const std::vector<std::size_t>& rows) {
  Bits out(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (bits.get(rows[i])) out.set(i);
  return out;
}

}  // namespace

RuleSet restrict_rows(const RuleSet& set, const std::vector<std::size_t>& rows) {
  RuleSet out;
  out.source = set.source;
  out.rows = rows.size();
  out.negative_name = set.negative_name;
  out.positive_name = set.positive_name;
  out.group_names = set.group_names;
  for (auto row : rows)
    if (row >= set.rows) throw InternalError("rulelist: row index out of range in restrict_rows");
  out.labels = restrict_bits(set.labels, rows);
  for (const auto& r : set.rules) out.rules.push_back({r.name, restrict_bits(r.captures, rows)});
  for (const auto& g : set.groups) out.groups.push_back(restrict_bits(g, rows));
  out.minority = equivalent_minority(out.rules, out.labels);
  return out;
}

std::size_t prune_rules(RuleSet& set, bool drop_duplicates) {
  std::vector<Rule> kept;
  std::set<std::vector<std::uint64_t>> seen;
  for (auto& r : set.rules) {
    const std::size_t support = r.captures.count();
    if (support == 0 || support == set.rows) continue;
    if (drop_duplicates) {
      std::vector<std::uint64_t> key(r.captures.data(),
                                     r.captures.data() + r.captures.word_count());
      if (!seen.insert(std::move(key)).second) continue;
    }
    kept.push_back(std::move(r));
  }
  const std::size_t dropped = set.rules.size() - kept.size();
  set.rules = std::move(kept);
  set.minority = equivalent_minority(set.rules, set.labels);
  return dropped;
}

void set_groups(RuleSet& set, const std::vector<std::int32_t>& codes,
                std::vector<std::string> names) {
  if (codes.size() != set.rows) throw InternalError("rulelist: group codes of the wrong length");
  set.groups.assign(names.size(), Bits(set.rows));
  for (std::size_t i = 0; i < codes.size(); ++i) {
    if (codes[i] < 0) continue;
    if (static_cast<std::size_t>(codes[i]) >= names.size())
      throw InternalError("rulelist: group code out of range");
    set.groups[static_cast<std::size_t>(codes[i])].set(i);
  }
  set.group_names = std::move(names);
}

void check_rule_set(const RuleSet& set) {
  auto fail = [&](const std::string& what) {
    throw InternalError("rulelist: rule set from " + set.source + ": " + what);
  };
  if (set.labels.size() != set.rows) fail("labels of the wrong length");
  if (set.minority.size() != set.rows) fail("minority vector of the wrong length");
  if (set.rules.size() > 65535) fail("more than 65535 rules");
  for (const auto& r : set.rules)
    if (r.captures.size() != set.rows) fail("rule '" + r.name + "' of the wrong length");
  if (set.groups.size() != set.group_names.size()) fail("group names and groups differ in count");
  for (const auto& g : set.groups)
    if (g.size() != set.rows) fail("group of the wrong length");
}

}  // namespace adm::methods::rulelist
