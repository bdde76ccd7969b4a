// Serialising a rank's findings for frontier_search, merging them, and the serial driver.
#include <algorithm>
#include <bit>
#include <cstdio>
#include <sstream>

#include "core/error.hpp"
#include "methods/rulelist/search.hpp"

namespace adm::methods::rulelist {
namespace {

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
          &s.pruned_fair_errors};
}

}  // namespace

std::string RulelistSearch::findings() const {
  std::ostringstream out;
  out << (best_.found ? 1 : 0) << " " << hex(best_.objective) << " " << hex(best_.unfairness) << " "
      << encode(best_.list) << "\n";
  SearchStats s = stats_;
  for (auto* c : counts(s)) out << *c << " ";
  out << hex(s.peak_bytes) << " " << s.stopped_by_memory << " " << s.stopped_by_trie << " "
      << (queue_.empty() && !stop_) << " " << hex(open_bound()) << " " << s.stopped_by_time << "\n";
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
