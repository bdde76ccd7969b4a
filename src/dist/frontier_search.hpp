#pragma once
// Distributed branch-and-bound. A method writes its search serially as a LocalSearch (a frontier of
// nodes it can expand, give away and take in); frontier_search runs one per rank in rounds:
// every rank expands nodes for a short time slice, then all ranks share the best pruning threshold
// found anywhere, ranks whose frontier ran dry receive half of the frontier of the busiest ranks,
// and the search ends when every frontier is empty (or a node budget / a method's stop request is
// reached). The rounds are collective, so termination needs no detection protocol and cannot hang.
//
// Identical answers at any rank count are the method's part: prune only nodes that cannot beat or
// tie the threshold, and break ties between solutions by a total order (e.g. objective, then a
// canonical key), so the solution kept does not depend on which rank found it first.
#include <cstdint>
#include <string>
#include <vector>

#include "dist/communicator.hpp"

namespace adm::dist {

class LocalSearch {
 public:
  virtual ~LocalSearch() = default;
  // Called on rank 0 only, once: put the root node(s) into the local frontier.
  virtual void start() = 0;
  // Expand up to `budget` nodes of the local frontier; returns how many were expanded.
  virtual std::uint64_t step(std::uint64_t budget) = 0;
  // Nodes waiting in the local frontier.
  virtual std::uint64_t frontier_size() const = 0;
  // Remove up to `count` nodes from the local frontier (preferably large subtrees, i.e. shallow
  // nodes) and serialise them; take() on another rank must accept the text.
  virtual std::string give(std::uint64_t count) = 0;
  virtual void take(const std::string& nodes) = 0;
  // Pruning threshold known here (lower is better: a best objective, or minus the k-th best score
  // of a maximisation) and one learned from the other ranks, never worse than the local one.
  virtual double threshold() const = 0;
  virtual void tighten(double threshold) = 0;
  // True when the method wants the whole search to stop (memory cap, own node limit).
  virtual bool wants_stop() const { return false; }
  // This rank's findings, serialised; merged by the method after the search.
  virtual std::string findings() const = 0;
};

struct FrontierOptions {
  double slice_seconds = 0.01;      // expansion time between two collective rounds
  std::uint64_t step_budget = 256;  // nodes per step() call inside a slice
  std::uint64_t max_nodes = 0;      // stop after this many nodes over all ranks (0 = no limit)
};

struct FrontierStats {
  bool complete = false;           // every frontier emptied: the answer is certified
  bool stopped_by_budget = false;  // max_nodes reached
  bool stopped_by_method = false;  // a rank's wants_stop()
  std::uint64_t rounds = 0;
  std::uint64_t transfers = 0;       // frontier hand-overs between ranks
  std::vector<std::uint64_t> nodes;  // nodes expanded by each rank
  std::vector<double> busy_seconds;  // time each rank spent expanding
  std::uint64_t total_nodes() const;
};

// Collective. Runs the search to completion (or a stop) and returns every rank's findings(), in
// rank order, on every rank. Works with one rank (no MPI launcher) as a plain serial search.
std::vector<std::string> frontier_search(Communicator& comm, LocalSearch& search,
                                         const FrontierOptions& options, FrontierStats* stats);

}  // namespace adm::dist
