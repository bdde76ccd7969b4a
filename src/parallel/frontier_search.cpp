#include "parallel/frontier_search.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <limits>
#include <optional>
#include <utility>

#include "core/error.hpp"
#include "parallel/clock.hpp"
#include "parallel/farm_nodes.hpp"
#include "parallel/mailbox.hpp"
#include "parallel/message_tags.hpp"
#include "parallel/mpi_impl.hpp"
#include "parallel/node_block.hpp"
#include "parallel/node_budget.hpp"
#include "parallel/route_batches.hpp"
#include "parallel/search_figures.hpp"
#include "parallel/search_rounds.hpp"
#include "parallel/serial_search.hpp"
#include "parallel/traffic.hpp"

namespace adm::dist {
namespace {

using Clock = ProtocolClock;  // simulated time under SMPI (parallel/clock.hpp)

// This rank's neighbours in the relays' tree, as world ranks: its parent, then its children. The
// tree joins the nodes' leaders only (the i-th leader's parent is leader (i - 1) / kRelayFanout):
// within a node the ranks share counts through memory (LocalSearch::node_words), and a leader
// relays its node's to the other nodes, so messages grow with nodes, not ranks. At 64 simulated
// ranks on 4 nodes, relays between all ranks made 26,770 messages (77 MB) and 1.43x one rank's
// nodes. One node: no relays.
std::vector<int> relay_links(const NodeLayout& layout, int me) {
  std::vector<int> leaders = layout.leaders;
  std::sort(leaders.begin(), leaders.end());
  leaders.erase(std::unique(leaders.begin(), leaders.end()), leaders.end());
  const auto at = std::find(leaders.begin(), leaders.end(), me);
  if (leaders.size() < 2 || at == leaders.end()) return {};
  const auto i = static_cast<std::size_t>(at - leaders.begin());
  const std::size_t fanout = kRelayFanout;
  std::vector<int> links;
  if (i > 0) links.push_back(leaders[(i - 1) / fanout]);
  for (std::size_t c = fanout * i + 1; c <= fanout * i + fanout && c < leaders.size(); ++c)
    links.push_back(leaders[c]);
  return links;
}

// The per-rank state machine of the distributed search.
class Engine {
 public:
  Engine(Communicator& comm, LocalSearch& search, const FrontierOptions& options)
      : comm_(comm),
        search_(search),
        options_(options),
        private_(comm.impl()->world),
        mailbox_(private_.get()),
        ranks_(comm.size()),
        me_(comm.rank()),
        quota_(options.max_nodes, comm.size(), comm.rank() == 0),
        last_flush_(static_cast<std::size_t>(ranks_), Clock::now()),
        batches_(comm.size()),
        // Collective: every rank's node leader (fake nodes under ADM_FARM_NODE_RANKS).
        layout_(node_layout(comm)),
        links_(relay_links(layout_, comm.rank())),
        spin_(!comm.oversubscribed()),
        // Victims are drawn from a stream of this rank's own: which rank gives work to which only
        // changes scheduling, never the answer (methods break ties by a total order).
        draws_(0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(comm.rank() + 1)) {}

  void run() {
    guarded([&] {
      search_.partition(me_, ranks_);
      search_.open_relays(links_.size());
      summary_words_ = search_.summary_words();
      max_words_ = std::min(summary_words_, search_.summary_max_words());
      node_words_ = search_.node_words();
    });
    // Every rank must agree on the rounds' layout, so a method that failed in partition() still
    // takes part with the one the others have (its summaries are zeros).
    const std::uint64_t words[3] = {summary_words_, max_words_, node_words_};
    std::uint64_t most[3] = {0, 0, 0};
    MPI_Allreduce(words, most, 3, MPI_UINT64_T, MPI_MAX, private_.get());
    if ((most[0] != summary_words_ || most[1] != max_words_ || most[2] != node_words_) && !failure_)
      failure_ = std::make_exception_ptr(
          InternalError("frontier search: ranks differ in their summaries' layout"));
    summary_words_ = most[0];
    max_words_ = most[1];
    if (most[2] > 0) {  // collective on every node
      // Fake nodes share memory within their block of ranks only, as on a cluster.
      node_ =
          node_words(comm_, most[2],
                     layout_.node_ranks > 0 ? layout_.leaders[static_cast<std::size_t>(me_)] : -1);
      guarded([&] { search_.share_node(node_.words); });
    }
    guarded([&] {
      if (me_ == 0) search_.start();
    });
    rounds_.emplace(private_.get(), me_, ranks_, max_words_, summary_words_);
    // Every other rank starts with nothing, so rank 0 serves each a share unasked as soon as its
    // frontier can be split (after the root's expansion), instead of whenever their first asks
    // arrive. That makes the first split the same in every run: racing the ask, rank 0 had
    // sometimes expanded a second node, and those German top-200,000 mines scored 7.40M nodes
    // against 6.81-6.86M (1 rank: 7.03M), in 7 of 30 runs.
    if (me_ == 0)
      for (int r = 1; r < ranks_; ++r) hungry_.push_back(r);
    else
      registered_ = true;  // as if it had asked blind: rank 0 knows it is hungry
    for (;;) {
      const auto iteration = Clock::now();
      bool worked = receive_all();
      if (expanding()) worked = expand() || worked;
      ask_for_budget();
      flush_outboxes();
      flush_relays();
      serve_hungry();
      ask_for_work();
      if (advance_round()) break;
      if (worked || !idle()) {
        idle_since_.reset();
      } else {
        // Idle: poll again at once until 2 ms have passed without work or messages, then sleep
        // between polls. A rank that slept through a share or a round answered it up to a sleep
        // late, and sleeps in a VM take longer than asked (~0.3 ms per steal and ~1 ms at the end
        // of a 2-rank mine were idle). On an oversubscribed node a spinning rank would take a
        // working rank's core.
        if (!idle_since_) idle_since_ = iteration;
        if (!spin_ || seconds_since(*idle_since_) > kSpinSeconds) pause_for(50e-6);
        idle_seconds_ += seconds_since(iteration);
      }
    }
  }

  void finish(FrontierStats& stats) {
    if (failed_seen_) {
      // Every rank throws the lowest failing rank's error, so none waits for the others.
      comm_.agree([&] {
        if (failure_) std::rethrow_exception(failure_);
      });
      throw InternalError("frontier search: a rank failed without an error");  // unreachable
    }
    // One last round of summaries, now that none can change: findings() may rely on what all
    // ranks found (e.g. a top-k search sends only what can still be among the global k best).
    comm_.agree([&] {
      if (summary_words_ > 0) search_.summary(rounds_->next_round(), rounds_->summary());
    });
    rounds_->post(entry());
    rounds_->finish();
    comm_.agree([&] {
      if (summary_words_ > 0) search_.learn(rounds_->completed_round(), rounds_->summary_totals());
    });
    // Closing rounds: sums of fixed-size vectors, as long as the method asks for them.
    std::vector<std::uint64_t> mine, totals;
    for (;;) {
      bool more = false;
      comm_.agree([&] {
        mine.clear();
        more = search_.closing(mine);
      });
      if (!more) break;
      totals.assign(mine.size(), 0);
      MPI_Allreduce(mine.data(), totals.data(), static_cast<int>(mine.size()), MPI_UINT64_T,
                    MPI_SUM, private_.get());
      count_sent(mine.size() * sizeof(std::uint64_t));
      count_received(totals.size() * sizeof(std::uint64_t));
      comm_.agree([&] { search_.settle(totals); });
    }
    // Under a node budget the search ends when every rank is out of work or budget; it stopped
    // early if any frontier still holds nodes.
    stop_budget_ = quota_.limited() && rounds_->totals().frontier > 0;
    stats.complete = !stop_budget_ && !stop_method_;
    stats.stopped_by_budget = stop_budget_;
    stats.stopped_by_method = stop_method_;
    stats.waves = rounds_->count();
    stats.round_bytes = rounds_->bytes_per_round();
    gather_figures(stats);
  }

  std::string findings() const { return search_.findings(); }

 private:
  void gather_figures(FrontierStats& stats) {
    const RankFigures mine{nodes_,        routed_batches_, steals_,      quota_.leases(),
                           busy_seconds_, idle_seconds_,   take_seconds_};
    gather_rank_figures(private_.get(), me_, ranks_, mine, stats);
  }

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
  bool relays_pending() {
    bool pending = false;
    guarded([&] { pending = search_.relays_pending(); });
    return pending && !failure_;
  }
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

  bool receive_all() {
    bool any = false;
    Mailbox::Message m;
    while (mailbox_.poll(m, kNodes, kRelay)) {
      ++received_;
      any = true;
      switch (m.tag) {
        case kNodes:
          timed_take(m.bytes);
          registered_ = registered_ && m.bytes.empty();
          break;
        case kStealReply:
          steal_pending_ = false;
          take_share(m);
          break;
        case kShare:
          take_share(m);
          break;
        case kStealAsk: {
          std::string nodes;
          // A rank that may not expand its nodes (out of budget) gives them all; one whose method
          // wants to stop (a memory cap, a time limit) none: they would only move its memory to a
          // rank that may be as full, just before the stop reaches every rank.
          const bool keeps = failure_ || method_stops();  // gives none and says it has none
          const std::uint64_t have = keeps ? 0 : search_.frontier_size();
          const std::uint64_t give = quota_.affords(search_.next_cost()) ? have / 2 : have;
          if (!stopping_ && give >= 1) nodes = give_nodes(give);
          // Nothing to give now: the asker gets work unasked as soon as there is some (it would
          // otherwise wait for a round to learn who has work).
          if (nodes.empty()) hungry_.push_back(m.source);
          const std::uint64_t left = keeps ? 0 : search_.frontier_size();
          send(m.source, kStealReply, u64_bytes(left) + nodes);
          break;
        }
        case kLeaseAsk:  // rank 0 only
          send(m.source, kLeaseGrant,
               u64_bytes(failure_ || stopping_ ? 0 : quota_.grant(u64_of(m.bytes))));
          break;
        case kLeaseGrant:
          quota_.receive(u64_of(m.bytes));
          break;
        case kRelay: {
          const auto link = std::find(links_.begin(), links_.end(), m.source) - links_.begin();
          if (static_cast<std::size_t>(link) == links_.size())
            throw InternalError("frontier search: a relay from a rank that is no neighbour");
          guarded([&] { search_.hear(static_cast<std::size_t>(link), m.bytes); });
          break;
        }
      }
    }
    return any;
  }

  // A steal reply or unasked share: 8 bytes of the giver's frontier after giving (a rank that runs
  // dry again asks that giver at once if it had work left, instead of waiting for a round), then
  // the nodes.
  void take_share(Mailbox::Message& m) {
    if (m.bytes.size() < 8) return;
    const std::uint64_t left = u64_of(m.bytes);
    m.bytes.erase(0, 8);  // in place: a share of a frontier can be megabytes
    if (m.bytes.empty()) return;
    if (method_stops()) {
      // It was hungry at the giver before it wanted to stop: the nodes go back (the giver takes
      // them as routed nodes, never returning them), as a stopping rank takes no more memory.
      send(m.source, kNodes, std::move(m.bytes));
      return;
    }
    retry_ = left >= 2 ? m.source : -1;
    timed_take(m.bytes);
    registered_ = false;  // once out of work again, it asks again
  }

  std::string give_nodes(std::uint64_t count) {
    std::string nodes;
    const auto t0 = Clock::now();
    guarded([&] { nodes = search_.give(count); });
    take_seconds_ += seconds_since(t0);
    if (!nodes.empty()) ++steals_;
    return nodes;
  }

  // Ranks that asked for work when this one had none get a share of its frontier as soon as it
  // can split it (one rank per poll, half of the frontier each).
  void serve_hungry() {
    if (hungry_.empty() || failure_ || stopping_ || method_stops() || search_.frontier_size() < 2 ||
        !quota_.affords(search_.next_cost()))
      return;
    const int rank = hungry_.front();
    std::string nodes = give_nodes(search_.frontier_size() / 2);
    if (nodes.empty()) return;  // all pruned: try again when there is more
    std::erase(hungry_, rank);  // it may have asked more than once
    send(rank, kShare, u64_bytes(search_.frontier_size()) + nodes);
  }

  void timed_take(const std::string& bytes) {
    const auto t0 = Clock::now();
    guarded([&] { search_.take(bytes); });
    take_seconds_ += seconds_since(t0);
  }

  // One step, sized so that a step takes about a slice: the rank stays responsive to messages.
  bool expand() {
    const auto t0 = Clock::now();
    std::uint64_t n = 0;
    guarded([&] { n = search_.step(quota_.cap(std::max(budget_, search_.next_cost()))); });
    const double dt = seconds_since(t0);
    busy_seconds_ += dt;
    nodes_ += n;
    quota_.spend(n);
    const std::uint64_t cap = std::max<std::uint64_t>(1, options_.step_budget);
    if (options_.slice_seconds == 0) {  // no slice: fixed steps of step_budget, a poll after each
      budget_ = cap;
      return n > 0;
    }
    // A step that ended with work left was cut by its budget (a step's units need not add up to
    // the budget exactly: a method whose nodes cost several units stops before one that won't fit).
    if (dt < 0.25 * options_.slice_seconds && budget_ < cap && search_.frontier_size() > 0)
      budget_ = std::min(cap, budget_ * 2);
    else if (dt > options_.slice_seconds && budget_ > 1)
      budget_ /= 2;
    return n > 0;
  }

  // Routed nodes go out in batches (route_batches.hpp says when): fewer and larger at many ranks,
  // at once to an owner without work when this rank is idle (it must not sit on work).
  void flush_outboxes() {
    if (failure_) return;
    const bool now_idle = idle();
    // One clock read per poll, not one per owner: under SMPI a read is a call into the simulator,
    // and a 64-rank poll made up to 63.
    std::optional<Clock::time_point> now;
    for (int r = 0; r < ranks_; ++r) {
      if (r == me_) continue;
      std::size_t bytes = 0;
      guarded([&] { bytes = search_.outbox_bytes(r); });
      if (bytes == 0) continue;
      if (!now) now = Clock::now();
      auto& last = last_flush_[static_cast<std::size_t>(r)];
      const double waited = std::chrono::duration<double>(*now - last).count();
      if (!batches_.due(bytes, waited, now_idle, rounds_->had_work(r))) continue;
      std::string batch;
      guarded([&] { batch = search_.drain_outbox(r); });
      last = *now;
      if (batch.empty()) continue;
      send(r, kNodes, std::move(batch));
      ++routed_batches_;
    }
  }

  // Relays go out at every poll (a busy rank polls every slice): what a rank heard is forwarded at
  // once, so news crosses a link per poll of the rank it reaches.
  void flush_relays() {
    for (std::size_t i = 0; i < links_.size() && !failure_; ++i) {
      std::string bytes;
      guarded([&] { bytes = search_.relay(i); });
      if (!bytes.empty() && !failure_) send(links_[i], kRelay, std::move(bytes));
    }
  }

  bool outboxes_empty() {
    for (int r = 0; r < ranks_; ++r) {
      if (r == me_) continue;
      std::size_t bytes = 0;
      guarded([&] { bytes = search_.outbox_bytes(r); });
      if (bytes > 0 && !failure_) return false;
    }
    return true;
  }

  // Under a node budget, a rank whose next node costs more than its allowance leases more from
  // rank 0 (which takes it from the pool directly).
  void ask_for_budget() {
    if (!quota_.limited() || quota_.pending || quota_.exhausted || failure_ || stopping_) return;
    std::uint64_t need = 0;
    guarded([&] { need = search_.frontier_size() > 0 ? quota_.need(search_.next_cost()) : 0; });
    if (need == 0) return;
    if (me_ == 0) {
      quota_.receive(quota_.grant(need));
      return;
    }
    quota_.pending = true;
    send(0, kLeaseAsk, u64_bytes(need));
  }

  // An idle rank asks, in this order: the rank that last gave it work, if that one had work left;
  // once per round, a rank drawn at random among those the last round showed with work (so that
  // no rank is asked by every idle one); with none known to have work, one rank drawn at random,
  // once until it has work again. A rank asked when it has nothing answers "none" and remembers
  // the asker (serve_hungry), so work reaches it as soon as there is some, while the idle ranks at
  // the end of the search fall silent and the rounds can see it is over. Under a node budget a
  // rank out of budget asks no more.
  void ask_for_work() {
    // A rank whose method wants to stop is idle but takes no more work: a rank over its memory cap
    // took half of another's frontier before the stop had reached every rank (Adult SP at 2 ranks
    // under a 1000 MiB cap: 1574 MiB of search structures on the rank that had stopped).
    if (steal_pending_ || failure_ || stopping_ || method_stops() || !idle() || quota_.exhausted)
      return;
    int victim = std::exchange(retry_, -1);
    if (victim < 0 && !asked_this_round_) {
      victim = draw_victim(true);
      asked_this_round_ = victim >= 0;
    }
    if (victim < 0) {
      if (registered_) return;
      registered_ = true;
      victim = draw_victim(false);
    }
    send(victim, kStealAsk, {});
    steal_pending_ = true;
  }

  // A rank other than this one, uniformly at random among those the last round showed with work
  // (`with_work`) or among all; -1 if there is none.
  int draw_victim(bool with_work) {
    int candidates = 0;
    for (int r = 0; r < ranks_; ++r)
      candidates += r != me_ && (!with_work || rounds_->had_work(r)) ? 1 : 0;
    if (candidates == 0) return -1;
    draws_ = draws_ * 6364136223846793005ULL + 1442695040888963407ULL;  // Knuth's MMIX LCG
    int pick = static_cast<int>((draws_ >> 33) % static_cast<std::uint64_t>(candidates));
    for (int r = 0; r < ranks_; ++r)
      if (r != me_ && (!with_work || rounds_->had_work(r)) && pick-- == 0) return r;
    return -1;  // unreachable
  }

  RoundEntry entry() {
    RoundEntry mine;
    mine.quiet =
        idle() && !steal_pending_ && !quota_.pending && outboxes_empty() && !relays_pending();
    mine.sent = sent_;
    mine.received = received_;
    mine.frontier = failure_ ? 0 : search_.frontier_size();
    mine.failed = failure_ != nullptr;
    mine.has_work = has_work();
    mine.threshold = kNone;
    guarded([&] {
      mine.stop = search_.wants_stop();
      mine.threshold = search_.threshold();
    });
    return mine;
  }

  // Learns from every completed round, in order (true when the search is over), then joins the
  // next one: a busy rank every kRoundSeconds while fewer than kInFlight are in flight, an idle one
  // at once when none is (so that the rounds that end the search start after the last one ended).
  bool advance_round() {
    while (rounds_->complete()) {
      const RoundTotals& t = rounds_->totals();
      if (t.lowest_failed >= 0) failed_seen_ = stopping_ = true;
      if (t.stops > 0) stop_method_ = stopping_ = true;
      guarded([&] {
        if (t.threshold < search_.threshold()) search_.tighten(t.threshold);
        if (summary_words_ > 0)
          search_.learn(rounds_->completed_round(), rounds_->summary_totals());
      });
      asked_this_round_ = false;
      if (rounds_->over()) return true;
    }
    const bool join = idle() ? !rounds_->posted()
                             : rounds_->in_flight() < SearchRounds::kInFlight &&
                                   seconds_since(last_round_time_) >= kRoundSeconds;
    if (join) post_round();
    return false;
  }

  void post_round() {
    guarded([&] {
      if (summary_words_ > 0) search_.summary(rounds_->next_round(), rounds_->summary());
    });
    rounds_->post(entry());
    last_round_time_ = Clock::now();
  }

  static constexpr double kNone = std::numeric_limits<double>::infinity();
  static constexpr double kSpinSeconds = 0.002;
  // A round every 0.5 ms while busy: a top-k mine's summaries at 2 ms gave a German mine 1.07-1.09x
  // the nodes of one rank at 2 ranks, at 0.5 ms 1.03x (0.25 ms cost busy time for no fewer nodes).
  static constexpr double kRoundSeconds = 0.0005;

  Communicator& comm_;
  LocalSearch& search_;
  FrontierOptions options_;
  PrivateComm private_;  // before mailbox_: constructed first, freed last
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

}  // namespace

std::uint64_t FrontierStats::total_nodes() const { return nodes_total; }

std::vector<std::string> frontier_search(Communicator& comm, LocalSearch& search,
                                         const FrontierOptions& options, FrontierStats* stats_out) {
  FrontierStats stats;
  if (comm.size() == 1) {
    auto findings = serial_search(search, options, stats);
    if (stats_out) *stats_out = stats;
    return findings;
  }
  if (!(options.slice_seconds >= 0))
    throw InternalError("frontier search: slice_seconds must not be negative");
  std::vector<std::string> findings;
  const TrafficCounts start = traffic();
  {
    const auto t0 = Clock::now();
    Engine engine(comm, search, options);
    engine.run();
    const auto t1 = Clock::now();
    engine.finish(stats);
    if (!options.findings_on_root_only)
      findings = comm.all_gather(engine.findings());
    else if (const auto bytes = search.findings_bytes())
      findings = comm.gather_to_root(*bytes, [&] { return engine.findings(); });
    else
      findings = comm.gather_to_root(engine.findings());
    stats.search_seconds = std::chrono::duration<double>(t1 - t0).count();
    stats.findings_seconds = seconds_since(t1);
  }
  add_traffic(comm, start, stats);  // after the findings' gather: its bytes count too
  if (stats_out) *stats_out = stats;
  return findings;
}

}  // namespace adm::dist
