#pragma once
// Private to src/parallel: the per-rank state machine behind frontier_search (several ranks). One
// class, whose members are defined in three files along the protocol's seams, so that each stays
// short and reads as one concept: frontier_search.cpp holds its life (the poll loop, the steps of
// expansion, the rounds and the closing ones), frontier_sharing.cpp the messages through which work
// and node budget move between ranks (the receive loop, steals, unasked shares, leases), and
// frontier_routing.cpp what a rank sends unasked to fixed destinations (routed nodes in batches to
// their owners, relays to its neighbours in the leaders' tree). Declared here only so that the
// three files share it; nothing outside them uses it.
#include <cstdint>
#include <exception>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "parallel/clock.hpp"
#include "parallel/communicator.hpp"
#include "parallel/farm_nodes.hpp"
#include "parallel/frontier_search.hpp"
#include "parallel/mailbox.hpp"
#include "parallel/node_block.hpp"
#include "parallel/node_budget.hpp"
#include "parallel/relay_tree.hpp"
#include "parallel/route_batches.hpp"
#include "parallel/search_rounds.hpp"

namespace adm::dist {

class FrontierEngine {
 public:
  FrontierEngine(Communicator& comm, LocalSearch& search, const FrontierOptions& options);

  void run();
  void finish(FrontierStats& stats);
  std::string findings() const { return search_.findings(); }

 private:
  using Clock = ProtocolClock;  // simulated time under SMPI (parallel/clock.hpp)

  // frontier_search.cpp: the search's life.
  void gather_figures(FrontierStats& stats);
  bool expand();
  RoundEntry entry();
  bool advance_round();
  void post_round();

  // frontier_sharing.cpp: work and budget between ranks.
  bool receive_all();
  void take_share(Mailbox::Message& m);
  std::string give_nodes(std::uint64_t count);
  void serve_hungry();
  void timed_take(const std::string& bytes);
  void ask_for_budget();
  void ask_for_work();
  int draw_victim(bool with_work);

  // frontier_routing.cpp: routed nodes and relays.
  void flush_outboxes();
  bool outboxes_empty();
  void flush_relays();
  void hear_relay(const Mailbox::Message& m);
  bool relays_pending();

  // Runs a call into the method; an exception makes this rank a failed one (it stops working but
  // keeps exchanging messages until every rank has seen the failure in a round).
  template <class F>
  void guarded(F&& f) {
    if (failure_) return;
    try {
      f();
    } catch (...) {
      failure_ = std::current_exception();
    }
  }

  bool expanding() const {
    return !failure_ && !stopping_ && !search_.wants_stop() && search_.frontier_size() > 0 &&
           quota_.affords(search_.next_cost());
  }
  bool idle() const { return !expanding(); }
  bool method_stops() const { return search_.wants_stop(); }
  // Whether an ask would be answered with nodes: a rank splits a frontier of two or more, and one
  // out of budget gives all it has.
  bool has_work() const {
    if (failure_ || stopping_ || method_stops()) return false;
    return search_.frontier_size() >= (quota_.affords(search_.next_cost()) ? 2u : 1u);
  }

  void send(int dest, int tag, std::string bytes) {
    mailbox_.send(dest, tag, std::move(bytes));
    ++sent_;
  }
  // Nodes (kNodes) travel behind this rank's pruning threshold, 8 bytes: see frontier_routing.cpp.
  void send_nodes(int dest, std::string nodes);
  // A kNodes message: tightens to the sender's threshold and leaves only the nodes in `bytes`.
  void hear_threshold(std::string& bytes);
  // Another rank's threshold, from a round or a batch: the method tightens when it is lower.
  void learn_threshold(double threshold) {
    if (threshold < search_.threshold()) search_.tighten(threshold);
  }

  static constexpr double kNone = std::numeric_limits<double>::infinity();
  static constexpr double kSpinSeconds = 0.002;
  // A round every 0.5 ms while busy: a top-k mine's summaries at 2 ms gave a German mine 1.07-1.09x
  // the nodes of one rank at 2 ranks, at 0.5 ms 1.03x (0.25 ms cost busy time for no fewer nodes).
  static constexpr double kRoundSeconds = 0.0005;

  Communicator& comm_;
  LocalSearch& search_;
  FrontierOptions options_;
  MPI_Comm channel_;  // the stages' channel (Communicator::Impl::channel)
  Mailbox mailbox_;
  int ranks_, me_;
  NodeBudget quota_;
  std::exception_ptr failure_;
  bool failed_seen_ = false, stopping_ = false, stop_budget_ = false, stop_method_ = false;
  std::uint64_t budget_ = 1, nodes_ = 0, sent_ = 0, received_ = 0, steals_ = 0, routed_batches_ = 0;
  std::size_t summary_words_ = 0, max_words_ = 0, node_words_ = 0;
  NodeWords node_;  // memory the ranks of this node share (LocalSearch::node_words)
  double busy_seconds_ = 0, idle_seconds_ = 0, take_seconds_ = 0;
  bool steal_pending_ = false;
  bool registered_ = false;        // this rank asked while no rank was known to have work
  bool asked_this_round_ = false;  // a random ask since the last round completed
  int retry_ = -1;                 // the last giver, when it had work left
  std::vector<int> hungry_;        // ranks that asked this one when it had nothing to give
  std::vector<Clock::time_point> last_flush_;
  RouteBatches batches_;
  NodeLayout layout_;       // every rank's node leader
  std::vector<int> links_;  // neighbours in the relays' tree (node leaders only)
  Clock::time_point last_round_time_{};
  std::optional<SearchRounds> rounds_;  // made once the summaries' size is known
  bool spin_;  // idle ranks spin before they sleep (not on an oversubscribed node)
  std::optional<Clock::time_point> idle_since_;
  std::uint64_t draws_;  // the victims' random stream
};

}  // namespace adm::dist
