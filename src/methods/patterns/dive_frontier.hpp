#pragma once
// The pattern mine's open nodes, explored best bound first in dives. A dive is depth first (one
// stack, the most promising child on top) for up to `dive_units` nodes scored; then its open nodes
// are parked in a max-heap by bound, and the next dive starts from the best parked node.
//
// Why: a top-k mine prunes at the k-th best score found so far, so how many nodes it scores
// depends on how fast that cut rises. Depth first alone stays in one subtree while the cut is low:
// the German top-200,000 by divergence scored 81.4M nodes that way, while started at its final cut
// it scores 27.3M, and 64 ranks, each depth first in subtrees of its own, scored as few as 56M.
// Dives from the best parked node find the high scores of every subtree early (44.0M nodes, 0.81x
// the CPU), and each dive keeps the depth-first order's locality; a plain best-first order lost
// that (NOTES, "Search order"). Peak RSS 72 MB against depth first's 58 MB in that mine.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "methods/patterns/pattern_model.hpp"

namespace adm::methods::patterns {

struct PatternNode {
  std::size_t next = 0;  // first feature its children may assign
  PatternProducts prod;
  double bound = 0;
};

class DiveFrontier {
 public:
  DiveFrontier(std::size_t key_size, std::uint64_t dive_units)
      : key_size_(key_size), dive_units_(dive_units) {}

  std::size_t size() const { return dive_.size() + heap_.size(); }
  bool empty() const { return size() == 0; }

  // Onto the current dive (a node's children, the start node).
  void push(const std::uint8_t* key, const PatternNode& node) {
    dive_.push_back(node);
    dive_keys_.insert(dive_keys_.end(), key, key + key_size_);
  }
  // Into the heap (nodes taken from another rank).
  void park(const std::uint8_t* key, const PatternNode& node);

  // The node to expand next, the dive's top: valid while !empty(), after settle().
  const PatternNode& top() const { return dive_.back(); }
  const std::uint8_t* top_key() const { return &dive_keys_[dive_keys_.size() - key_size_]; }
  void pop() {
    dive_.pop_back();
    dive_keys_.resize(dive_keys_.size() - key_size_);
  }
  // Nodes scored in the current dive.
  void spend(std::uint64_t units) { spent_ += units; }

  // Ends the dive if it is over (its units spent, or its stack empty): parks its nodes that
  // `live(node)` keeps (the others are pruned), and starts the next dive from the best parked node.
  template <class Live>
  void settle(Live&& live) {
    if (!dive_.empty() && spent_ < dive_units_) return;
    park_dive(live);
    if (!heap_.empty()) unpark_best();
  }

  // Removes up to `count` live nodes, every other one of them (all when `count` covers them all),
  // passing each to `give(key, node)`: the dive is parked first, so the giver keeps and the taker
  // gets a mix of the best parked nodes and of later ones. Pruned nodes are dropped on the way.
  // Call settle() after.
  template <class Live, class Give>
  void split(std::uint64_t count, Live&& live, Give&& give) {
    park_dive(live);
    const std::size_t stride = count >= heap_.size() ? 1 : 2;
    std::size_t kept = 0, given = 0, seen = 0;
    for (std::size_t i = 0; i < heap_.size(); ++i) {
      const std::uint32_t slot = heap_[i].slot;
      if (!live(slots_[slot])) {
        free_.push_back(slot);
        continue;
      }
      if (given < count && seen++ % stride == 0) {
        give(&slot_keys_[std::size_t{slot} * key_size_], slots_[slot]);
        ++given;
        free_.push_back(slot);
        continue;
      }
      heap_[kept++] = heap_[i];
    }
    heap_.resize(kept);
    std::make_heap(heap_.begin(), heap_.end(), Lower{});
  }

 private:
  struct Parked {
    double bound;
    std::uint32_t slot;  // in slots_ and slot_keys_
  };
  struct Lower {  // a max-heap by bound
    bool operator()(const Parked& a, const Parked& b) const { return a.bound < b.bound; }
  };
  void unpark_best();
  // Ends the current dive: its live nodes go to the heap.
  template <class Live>
  void park_dive(Live&& live) {
    for (std::size_t i = 0; i < dive_.size(); ++i)
      if (live(dive_[i])) park(&dive_keys_[i * key_size_], dive_[i]);
    dive_.clear();
    dive_keys_.clear();
    spent_ = 0;
  }

  std::size_t key_size_;
  std::uint64_t dive_units_;
  std::uint64_t spent_ = 0;
  std::vector<PatternNode> dive_;  // a stack, as the depth-first search had
  std::vector<std::uint8_t> dive_keys_;
  std::vector<Parked> heap_;
  std::vector<PatternNode> slots_;  // parked nodes, by slot
  std::vector<std::uint8_t> slot_keys_;
  std::vector<std::uint32_t> free_;  // slots to reuse
};

}  // namespace adm::methods::patterns
