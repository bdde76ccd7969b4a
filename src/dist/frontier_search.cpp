#include "dist/frontier_search.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <exception>
#include <limits>
#include <numeric>
#include <optional>

#include "core/error.hpp"
#include "dist/clock.hpp"
#include "dist/mailbox.hpp"
#include "dist/mpi_impl.hpp"
#include "dist/node_budget.hpp"
#include "dist/termination_waves.hpp"

namespace adm::dist {
namespace {

using Clock = ProtocolClock;  // simulated time under SMPI (dist/clock.hpp)

double since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Point-to-point tags of the search protocol (the task farm uses 101-104).
enum Tag : int {
  kNodes = 301,       // routed nodes (an outbox) or stolen nodes: take()
  kStealAsk = 302,    // "give me work", empty payload
  kStealReply = 303,  // give()'s text, possibly empty
  kThreshold = 304,   // 8 bytes: a double
  kSummary = 305,     // a method's bound summary: learn()
  kLeaseAsk = 306,    // 8 bytes: the units of node budget the asker needs (to rank 0)
  kLeaseGrant = 307,  // 8 bytes: the units leased, 0 when the budget is spent
  kShare = 308,       // unasked work for a rank that asked when there was none: as kStealReply
};

// One rank's figures for FrontierStats, gathered in one collective at the end.
struct RankFigures {
  std::uint64_t nodes = 0, messages = 0, bytes = 0, batches = 0, steals = 0, leases = 0;
  double busy = 0, idle = 0, take = 0;
};

std::vector<std::string> serial_search(LocalSearch& search, const FrontierOptions& options,
                                       FrontierStats& stats) {
  search.partition(0, 1);
  search.start();
  const auto t0 = Clock::now();
  std::uint64_t nodes = 0;
  while (search.frontier_size() > 0) {
    if (search.wants_stop()) {
      stats.stopped_by_method = true;
      break;
    }
    const std::uint64_t cost = search.next_cost();
    if (options.max_nodes > 0 && nodes + cost > options.max_nodes) {
      stats.stopped_by_budget = true;
      break;
    }
    std::uint64_t budget = std::max(options.step_budget, cost);
    if (options.max_nodes > 0) budget = std::min(budget, options.max_nodes - nodes);
    nodes += search.step(budget);
  }
  stats.complete = search.frontier_size() == 0;
  stats.nodes = {nodes};
  stats.busy_seconds = {since(t0)};
  stats.search_seconds = stats.busy_seconds[0];
  stats.idle_seconds = stats.take_seconds = {0.0};
  stats.messages_sent = stats.bytes_sent = stats.routed_batches = {0};
  const auto t1 = Clock::now();
  std::vector<std::string> findings;
  findings.push_back(search.findings());  // moved: a braced list would copy megabytes
  stats.findings_seconds = since(t1);
  return findings;
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
        waves_(private_.get(), ranks_),
        spin_(!comm.oversubscribed()),
        known_frontier_(static_cast<std::size_t>(ranks_), 0.0) {}

  void run() {
    guarded([&] {
      search_.partition(me_, ranks_);
      threshold_in_summary_ = search_.summary_has_threshold();
      if (me_ == 0) search_.start();
    });
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
      share_bounds();
      serve_hungry();
      ask_for_work();
      if (advance_wave()) break;
      if (worked || !idle()) {
        idle_since_.reset();
      } else {
        // Idle: poll again at once until 2 ms have passed without work or messages, then sleep
        // between polls. A rank that slept through a share or a wave answered it up to a sleep
        // late, and sleeps in a VM take longer than asked (~0.3 ms per steal and ~1 ms at the end
        // of a 2-rank mine were idle). On an oversubscribed node a spinning rank would take a
        // working rank's core.
        if (!idle_since_) idle_since_ = iteration;
        if (!spin_ || since(*idle_since_) > kSpinSeconds) pause_for(50e-6);
        idle_seconds_ += since(iteration);
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
    // One last exchange of summaries, now that none can change: findings() may rely on what all
    // ranks found (e.g. a top-k search sends only what can still be among the global k best).
    const auto summaries = comm_.all_gather(search_.summary());
    comm_.agree([&] {
      for (int r = 0; r < ranks_; ++r)
        if (r != me_ && !summaries[static_cast<std::size_t>(r)].empty())
          search_.learn(r, summaries[static_cast<std::size_t>(r)]);
    });
    const auto closings = comm_.all_gather(search_.closing());
    comm_.agree([&] { search_.settle(closings); });
    // Under a node budget the search ends when every rank is out of work or budget; it stopped
    // early if any frontier still holds nodes.
    if (quota_.limited())
      for (const auto& e : waves_.last()) stop_budget_ = stop_budget_ || e.frontier > 0;
    stats.complete = !stop_budget_ && !stop_method_;
    stats.stopped_by_budget = stop_budget_;
    stats.stopped_by_method = stop_method_;
    stats.waves = waves_.count();
    const RankFigures mine{
        nodes_,       mailbox_.messages_sent(), mailbox_.bytes_sent(), routed_batches_,
        steals_,      quota_.leases(),          busy_seconds_,         idle_seconds_,
        take_seconds_};
    std::vector<RankFigures> all(static_cast<std::size_t>(ranks_));
    MPI_Allgather(&mine, sizeof mine, MPI_BYTE, all.data(), sizeof mine, MPI_BYTE, private_.get());
    for (const auto& f : all) {
      stats.nodes.push_back(f.nodes);
      stats.messages_sent.push_back(f.messages);
      stats.bytes_sent.push_back(f.bytes);
      stats.routed_batches.push_back(f.batches);
      stats.steals += f.steals;
      stats.leases += f.leases;
      stats.busy_seconds.push_back(f.busy);
      stats.idle_seconds.push_back(f.idle);
      stats.take_seconds.push_back(f.take);
    }
  }

  std::string findings() const { return search_.findings(); }

 private:
  // Runs a call into the method; an exception makes this rank a failed one (it stops working but
  // keeps exchanging messages until every rank has seen the failure in a wave).
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

  void send(int dest, int tag, std::string bytes) {
    mailbox_.send(dest, tag, std::move(bytes));
    ++sent_;
  }

  bool receive_all() {
    bool any = false;
    Mailbox::Message m;
    while (mailbox_.poll(m, kNodes, kShare)) {
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
          // otherwise wait for a wave to learn who has work; a busy rank joins one every 5 ms).
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
        case kThreshold: {
          double t = 0;
          if (m.bytes.size() == sizeof t) std::memcpy(&t, m.bytes.data(), sizeof t);
          guarded([&] {
            if (t < search_.threshold()) search_.tighten(t);
          });
          break;
        }
        case kSummary:
          guarded([&] { search_.learn(m.source, m.bytes); });
          break;
      }
    }
    return any;
  }

  // A steal reply or unasked share: 8 bytes of the giver's frontier after giving (so a rank that
  // runs dry again asks it at once instead of waiting for the next wave), then the nodes.
  void take_share(Mailbox::Message& m) {
    if (m.bytes.size() < 8) return;
    known_frontier_[static_cast<std::size_t>(m.source)] =
        static_cast<double>(u64_of(m.bytes.substr(0, 8)));
    m.bytes.erase(0, 8);  // in place: a share of a frontier can be megabytes
    if (m.bytes.empty()) return;
    timed_take(m.bytes);
    registered_ = false;  // once out of work again, it asks again
  }

  std::string give_nodes(std::uint64_t count) {
    std::string nodes;
    const auto t0 = Clock::now();
    guarded([&] { nodes = search_.give(count); });
    take_seconds_ += since(t0);
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
    take_seconds_ += since(t0);
  }

  // One step, sized so that a step takes about a slice: the rank stays responsive to messages.
  bool expand() {
    const auto t0 = Clock::now();
    std::uint64_t n = 0;
    guarded([&] { n = search_.step(quota_.cap(std::max(budget_, search_.next_cost()))); });
    const double dt = since(t0);
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

  // Routed nodes go out in batches: when a batch is large, has waited long enough, or this rank
  // has nothing else to do (an idle rank must not sit on work).
  void flush_outboxes() {
    if (failure_) return;
    const bool now_idle = idle();
    for (int r = 0; r < ranks_; ++r) {
      if (r == me_) continue;
      std::size_t bytes = 0;
      guarded([&] { bytes = search_.outbox_bytes(r); });
      if (bytes == 0) continue;
      auto& last = last_flush_[static_cast<std::size_t>(r)];
      if (!now_idle && bytes < kBatchBytes && since(last) < kBatchSeconds) continue;
      std::string batch;
      guarded([&] { batch = search_.drain_outbox(r); });
      last = Clock::now();
      if (batch.empty()) continue;
      send(r, kNodes, std::move(batch));
      ++routed_batches_;
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

  void share_bounds() {
    if (failure_) return;
    double t = kNone;
    guarded([&] { t = search_.threshold(); });
    // A better threshold goes out at once, but at most every kThresholdSeconds: a top-k search
    // improves its k-th best score at nearly every node.
    if (!threshold_in_summary_ && t < shared_threshold_ &&
        since(last_threshold_time_) >= kThresholdSeconds) {
      shared_threshold_ = t;
      last_threshold_time_ = Clock::now();
      std::string bytes(sizeof t, '\0');
      std::memcpy(bytes.data(), &t, sizeof t);
      for (int r = 0; r < ranks_; ++r)
        if (r != me_) send(r, kThreshold, bytes);
    }
    if (since(last_summary_time_) < kSummarySeconds) return;
    last_summary_time_ = Clock::now();
    std::string s;
    guarded([&] { s = search_.summary(); });
    if (s.empty()) return;
    for (int r = 0; r < ranks_; ++r)
      if (r != me_) send(r, kSummary, s);
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

  // An idle rank asks the rank with the largest frontier it knows of (from the last wave, or from
  // that rank's last reply or share). Under a node budget a rank out of budget asks no more, and a
  // single node is worth asking for (its owner may be out of budget, and then gives it).
  // With no rank known to have work it still asks one, once until it has work again: that rank
  // answers "none" and remembers it (serve_hungry), so work reaches it as soon as there is some,
  // while the idle ranks at the end of the search fall silent and the waves can see it is over.
  void ask_for_work() {
    // A rank whose method wants to stop is idle but takes no more work: a rank over its memory cap
    // took half of another's frontier before the stop had reached every rank (Adult SP at 2 ranks
    // under a 1000 MiB cap: 1574 MiB of search structures on the rank that had stopped).
    if (steal_pending_ || failure_ || stopping_ || method_stops() || !idle() || quota_.exhausted)
      return;
    int victim = -1;
    double most = quota_.limited() ? 0 : 1;
    for (int k = 1; k < ranks_; ++k) {  // start after this rank so askers spread over victims
      const int r = (me_ + k) % ranks_;
      const double f = known_frontier_[static_cast<std::size_t>(r)];
      if (f > most) most = f, victim = r;
    }
    if (victim < 0) {
      if (registered_) return;
      registered_ = true;
      victim = (me_ + 1 + static_cast<int>(asked_blind_++ % (ranks_ - 1))) % ranks_;
    }
    known_frontier_[static_cast<std::size_t>(victim)] = 0;  // until its reply or the next wave
    send(victim, kStealAsk, {});
    steal_pending_ = true;
  }

  // Posts a wave when none is in flight (an idle rank at once, a busy one every kWaveSeconds),
  // completes it when every rank has joined; true when the search is over.
  bool advance_wave() {
    if (!waves_.posted()) {
      if (!idle() && since(last_wave_time_) < kWaveSeconds) return false;
      WaveEntry mine;
      const bool quiet = idle() && !steal_pending_ && !quota_.pending && outboxes_empty();
      mine.idle = quiet ? 1 : 0;
      mine.sent = static_cast<double>(sent_);
      mine.received = static_cast<double>(received_);
      mine.nodes = static_cast<double>(nodes_);
      mine.frontier = failure_ ? 0 : static_cast<double>(search_.frontier_size());
      mine.failed = failure_ ? 1 : 0;
      bool stop = false;
      guarded([&] { stop = search_.wants_stop(); });
      mine.stop = stop ? 1 : 0;
      waves_.post(mine);
      last_wave_time_ = Clock::now();
      return false;
    }
    if (!waves_.complete()) return false;
    const auto& wave = waves_.last();
    for (int r = 0; r < ranks_; ++r)
      known_frontier_[static_cast<std::size_t>(r)] = wave[static_cast<std::size_t>(r)].frontier;
    for (const auto& e : wave) {
      if (e.failed != 0) failed_seen_ = stopping_ = true;
      if (e.stop != 0) stop_method_ = stopping_ = true;
    }
    return waves_.over();
  }

  static constexpr double kNone = std::numeric_limits<double>::infinity();
  static constexpr std::size_t kBatchBytes = 1 << 16;
  static constexpr double kSpinSeconds = 0.002;
  static constexpr double kBatchSeconds = 0.002, kSummarySeconds = 0.0005, kWaveSeconds = 0.005,
                          kThresholdSeconds = 0.0005;

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
  double busy_seconds_ = 0, idle_seconds_ = 0, take_seconds_ = 0, shared_threshold_ = kNone;
  bool steal_pending_ = false;
  bool threshold_in_summary_ = false;  // the method's summaries carry its threshold
  bool registered_ = false;            // this rank asked while no rank was known to have work
  std::uint64_t asked_blind_ = 0;
  std::vector<int> hungry_;  // ranks that asked this one when it had nothing to give
  std::vector<Clock::time_point> last_flush_;
  Clock::time_point last_summary_time_{}, last_wave_time_{}, last_threshold_time_{};
  TerminationWaves waves_;
  bool spin_;  // idle ranks spin before they sleep (not on an oversubscribed node)
  std::optional<Clock::time_point> idle_since_;
  std::vector<double> known_frontier_;  // other ranks' frontier sizes, for stealing
};

}  // namespace

std::uint64_t FrontierStats::total_nodes() const {
  return std::accumulate(nodes.begin(), nodes.end(), std::uint64_t{0});
}

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
    stats.findings_seconds = since(t1);
  }
  if (stats_out) *stats_out = stats;
  return findings;
}

}  // namespace adm::dist
