// Serialising a rank's findings for frontier_search, merging them, and the serial driver.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

#include "core/error.hpp"
#include "methods/rulelist/search.hpp"

namespace adm::methods::rulelist {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::string hex(double v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016llx",
                static_cast<unsigned long long>(std::bit_cast<std::uint64_t>(v)));
  return buf;
}

double unhex(const std::string& s) {
  return std::bit_cast<double>(static_cast<std::uint64_t>(std::stoull(s, nullptr, 16)));
}

// Every count of SearchStats in one fixed order (text = counts, then flags and bytes).
std::vector<std::uint64_t*> counts(SearchStats& s) {
  return {&s.expanded,
          &s.children,
          &s.queued,
          &s.dropped_at_pop,
          &s.pruned_support,
          &s.pruned_accurate_support,
          &s.pruned_hierarchical,
          &s.pruned_lookahead,
          &s.pruned_equivalent,
          &s.pruned_permutation,
          &s.fairness_checks,
          &s.fairness_rejections,
          &s.incumbent_updates,
          &s.routed,
          &s.peak_trie_nodes,
          &s.peak_queue,
          &s.pruned_fair_unfairness,
          &s.pruned_fair_errors,
          &s.pruned_fair_classes};
}

}  // namespace

double RulelistSearch::open_bound() const {
  // A queued prefix's own list was evaluated when it was made; what is left are its extensions,
  // with one rule more and at least its errors, plus (each a valid lower bound of every
  // extension, so their maximum is) the equivalent-points minority it leaves uncaptured and,
  // under a constraint, the fewest errors of a fair completion (fair_bounds.hpp, bound (b)).
  // The strengthening costs a prefix's bit vectors: it is given to the kStrengthen prefixes of
  // lowest start bound, in increasing order, until a start bound reaches the lowest found; every
  // other prefix keeps its start bound (the smallest of them, `rest`, caps the answer). Every entry
  // keeps the strengthened bound it was pushed with (search.cpp), whatever the strategy, so the
  // start bound is already strong and a few prefixes suffice (issue 30: 2^20 of them, recomputed
  // for each comparison, took 13 of 31 s after an 8,000-prefix COMPAS search).
  constexpr std::size_t kStrengthen = std::size_t{1} << 12;
  const bool strengthen = bounds_.equivalent_points || fair_.on();
  const auto& entries = queue_.entries();
  // (start bound, queue position), each start computed once; ties by trie node.
  using Start = std::pair<double, std::uint32_t>;
  auto before = [&](const Start& a, const Start& b) {
    return a.first != b.first ? a.first < b.first : entries[a.second].node < entries[b.second].node;
  };
  double rest = kInf;
  std::vector<Start> best;  // max-heap of the lowest start bounds
  if (strengthen) best.reserve(std::min(kStrengthen, queue_.size()));
  for (std::uint32_t i = 0; i < entries.size(); ++i) {
    const PrefixHead n = head_of(entries[i].node);
    if (options_.max_length != 0 && n.depth >= options_.max_length) continue;  // none left
    const Start here{std::max(queue_.lower_bound_of(entries[i]), bound(n.errors, n.depth + 1)), i};
    if (!strengthen) {
      rest = std::min(rest, here.first);
    } else if (best.size() < kStrengthen) {
      best.push_back(here);
      std::push_heap(best.begin(), best.end(), before);
    } else if (before(here, best.front())) {
      rest = std::min(rest, best.front().first);
      std::pop_heap(best.begin(), best.end(), before);
      best.back() = here;
      std::push_heap(best.begin(), best.end(), before);
    } else {
      rest = std::min(rest, here.first);
    }
  }
  std::sort_heap(best.begin(), best.end(), before);
  double lowest = rest;
  Bits captured(set_.rows), positive(set_.rows), fresh(set_.rows);
  std::vector<std::uint16_t> rules;
  std::vector<std::uint8_t> preds;
  std::vector<GroupCells> cells;
  ClassState classes;
  for (const auto& [start_bound, i] : best) {
    if (start_bound >= lowest) break;  // the rest are sorted: none can go lower
    const std::uint32_t node = entries[i].node;
    const PrefixHead n = head_of(node);
    const std::size_t length = n.depth + 1;
    double b = start_bound;
    prefix_of(node, rules, preds);
    capture_rows(set_, rules, preds, captured, &positive, fresh);
    if (bounds_.equivalent_points) {
      fresh = set_.minority;
      fresh.and_not(captured);
      b = std::max(b, bound(n.errors + fresh.count(), length));
    }
    if (fair_.on()) {
      fair_.cells(captured, positive, cells);
      fair_.load_classes(captured, classes);
      const double lb = fair_.least_errors(cells, fair_.classes_on() ? &classes : nullptr);
      b = std::isinf(lb)
              ? kInf
              : std::max(b, bound(n.errors +
                                      static_cast<std::size_t>(std::ceil(std::max(0.0, lb - 1e-6))),
                                  length));
    }
    lowest = std::min(lowest, b);
  }
  return lowest;
}

std::string RulelistSearch::findings() const {
  std::ostringstream out;
  out << (best_.found ? 1 : 0) << " " << hex(best_.objective) << " " << hex(best_.unfairness) << " "
      << encode(best_.list) << "\n";
  SearchStats s = stats_;
  for (auto* c : counts(s)) out << *c << " ";
  out << hex(s.peak_bytes) << " " << s.stopped_by_memory << " " << s.stopped_by_trie << " "
      << (queue_.empty() && !stop_) << " " << hex(unfinished_bound()) << " " << s.stopped_by_time
      << "\n";
  return out.str();
}

SearchResult merge_findings(const std::vector<std::string>& findings,
                            std::vector<SearchStats>* per_rank) {
  SearchResult merged;
  merged.complete = true;
  if (per_rank) per_rank->clear();
  for (const auto& text : findings) {
    std::istringstream in(text);
    int found = 0;
    std::string objective, unfairness, list;
    if (!(in >> found >> objective >> unfairness >> list))
      throw InternalError("rulelist: malformed findings '" + text + "'");
    Incumbent inc{found == 1, decode_rule_list(list), unhex(objective), unhex(unfairness)};
    if (inc.found &&
        (!merged.best.found ||
         canonically_better(inc.objective, inc.list, merged.best.objective, merged.best.list)))
      merged.best = inc;
    SearchStats s;
    for (auto* c : counts(s)) in >> *c;
    std::string bytes, open;
    int memory = 0, trie = 0, complete = 0, time = 0;
    if (!(in >> bytes >> memory >> trie >> complete >> open >> time))
      throw InternalError("rulelist: malformed findings statistics '" + text + "'");
    s.peak_bytes = unhex(bytes);
    s.stopped_by_memory = memory != 0;
    s.stopped_by_trie = trie != 0;
    s.stopped_by_time = time != 0;
    merged.complete = merged.complete && complete != 0;
    merged.open_bound = std::min(merged.open_bound, unhex(open));
    merged.stats.add(s);
    if (per_rank) per_rank->push_back(s);
  }
  return merged;
}

SearchResult run_serial(const RuleSet& set, const SearchOptions& options, std::uint64_t max_nodes) {
  RulelistSearch search(set, options);
  search.start();
  std::uint64_t nodes = 0;
  while (!search.done() && !search.wants_stop()) {
    const std::uint64_t budget =
        max_nodes ? std::min<std::uint64_t>(4096, max_nodes - nodes) : 4096;
    if (budget == 0) break;
    nodes += search.step(budget);
  }
  return search.result();
}

}  // namespace adm::methods::rulelist
