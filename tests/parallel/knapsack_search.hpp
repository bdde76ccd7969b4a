#pragma once
// A 0/1 knapsack branch-and-bound written as a dist::LocalSearch: the test problem of the
// distributed frontier search. Maximise value under a weight cap; the threshold is minus the best
// value found. Nodes whose fractional-relaxation bound cannot reach the best value are pruned;
// ties are kept, and among equal values the smallest item mask wins, so the answer is the same
// however the frontier was split between ranks.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "parallel/frontier_search.hpp"

namespace adm::test {

struct Knapsack {
  std::vector<double> weight, value;  // sorted by value/weight, descending
  double capacity = 0;

  static Knapsack random(std::size_t items, std::uint64_t seed) {
    Rng rng(seed, "knapsack", 0);
    std::vector<std::pair<double, double>> wv;
    double total = 0;
    for (std::size_t i = 0; i < items; ++i) {
      // Strongly correlated values: the relaxation bound is weak, so the search tree is large.
      const double w = 10 + std::floor(rng.uniform() * 90), v = w + 10;
      wv.emplace_back(w, v);
      total += w;
    }
    std::stable_sort(wv.begin(), wv.end(),
                     [](auto& a, auto& b) { return a.second / a.first > b.second / b.first; });
    Knapsack k;
    for (auto& [w, v] : wv) k.weight.push_back(w), k.value.push_back(v);
    k.capacity = std::floor(total / 2) + 0.5;
    return k;
  }

  // Best value by dynamic programming over integer capacities: the reference for larger instances.
  double dp_value() const {
    const auto cap = static_cast<std::size_t>(capacity);
    std::vector<double> best(cap + 1, 0);
    for (std::size_t i = 0; i < weight.size(); ++i)
      for (std::size_t c = cap; c >= static_cast<std::size_t>(weight[i]); --c)
        best[c] = std::max(best[c], best[c - static_cast<std::size_t>(weight[i])] + value[i]);
    return best[cap];
  }

  // Best (value, mask) by enumerating every subset: the independent reference.
  std::pair<double, std::uint64_t> brute_force() const {
    double best = -1;
    std::uint64_t best_mask = 0;
    const std::size_t n = weight.size();
    for (std::uint64_t m = 0; m < (std::uint64_t{1} << n); ++m) {
      double w = 0, v = 0;
      for (std::size_t i = 0; i < n; ++i)
        if (m >> i & 1) w += weight[i], v += value[i];
      if (w <= capacity && (v > best || (v == best && m < best_mask))) best = v, best_mask = m;
    }
    return {best, best_mask};
  }
};

class KnapsackSearch : public dist::LocalSearch {
 public:
  explicit KnapsackSearch(const Knapsack& k) : k_(k) {}

  void start() override { frontier_.push_back(Node{0, 0, 0, 0}); }
  std::uint64_t step(std::uint64_t budget) override {
    std::uint64_t done = 0;
    while (done < budget && !frontier_.empty()) {
      const Node n = frontier_.back();  // depth first
      frontier_.pop_back();
      ++done;
      consider(n);
      if (n.depth == k_.weight.size() || bound(n) < best_value_) continue;
      const double w = n.weight + k_.weight[n.depth];
      frontier_.push_back(Node{n.depth + 1, n.mask, n.weight, n.value});
      if (w <= k_.capacity)
        frontier_.push_back(Node{n.depth + 1, n.mask | (std::uint64_t{1} << n.depth), w,
                                 n.value + k_.value[n.depth]});
    }
    return done;
  }
  std::uint64_t frontier_size() const override { return frontier_.size(); }
  std::string give(std::uint64_t count) override {
    // The shallowest nodes sit at the front of the stack: give those (the largest subtrees).
    std::ostringstream out;
    out.precision(17);
    count = std::min<std::uint64_t>(count, frontier_.size());
    for (std::uint64_t i = 0; i < count; ++i) {
      const auto& n = frontier_[i];
      out << n.depth << ' ' << n.mask << ' ' << n.weight << ' ' << n.value << '\n';
    }
    frontier_.erase(frontier_.begin(), frontier_.begin() + static_cast<long>(count));
    return out.str();
  }
  void take(const std::string& nodes) override {
    std::istringstream in(nodes);
    Node n;
    while (in >> n.depth >> n.mask >> n.weight >> n.value) frontier_.insert(frontier_.begin(), n);
  }
  double threshold() const override { return -best_value_; }
  void tighten(double threshold) override { best_value_ = std::max(best_value_, -threshold); }
  std::string findings() const override {
    std::ostringstream out;
    out.precision(17);
    out << found_value_ << ' ' << found_mask_;
    return out.str();
  }

 private:
  struct Node {
    std::size_t depth;
    std::uint64_t mask;
    double weight, value;
  };
  void consider(const Node& n) {
    if (n.value > found_value_ || (n.value == found_value_ && n.mask < found_mask_))
      found_value_ = n.value, found_mask_ = n.mask;
    best_value_ = std::max(best_value_, n.value);
  }
  // Fractional relaxation over the remaining items (sorted by value density).
  double bound(const Node& n) const {
    double w = n.weight, v = n.value;
    for (std::size_t i = n.depth; i < k_.weight.size(); ++i) {
      if (w + k_.weight[i] <= k_.capacity) {
        w += k_.weight[i], v += k_.value[i];
      } else {
        return v + k_.value[i] * (k_.capacity - w) / k_.weight[i];
      }
    }
    return v;
  }

  const Knapsack& k_;
  std::vector<Node> frontier_;
  double best_value_ = -1;  // best value known (here or from other ranks)
  double found_value_ = -1;
  std::uint64_t found_mask_ = ~std::uint64_t{0};
};

// Merges the ranks' findings: highest value, then smallest mask.
inline std::pair<double, std::uint64_t> merge_knapsack(const std::vector<std::string>& findings) {
  double best = -1;
  std::uint64_t mask = ~std::uint64_t{0};
  for (const auto& f : findings) {
    std::istringstream in(f);
    double v;
    std::uint64_t m;
    in >> v >> m;
    if (v > best || (v == best && m < mask)) best = v, mask = m;
  }
  return {best, mask};
}

}  // namespace adm::test
