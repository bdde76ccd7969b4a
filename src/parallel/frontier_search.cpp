// frontier_search (frontier_search.hpp) and the life of its per-rank engine (frontier_engine.hpp):
// construction, the poll loop, the adaptive steps of expansion, the rounds that carry bounds,
// stops and termination, and the closing rounds and figures at the end. How work and budget move
// between ranks is in frontier_sharing.cpp, routed nodes and relays in frontier_routing.cpp; one
// rank runs serial_search instead.
#include "parallel/frontier_search.hpp"

#include <algorithm>
#include <chrono>
#include <exception>

#include "core/error.hpp"
#include "parallel/clock.hpp"
#include "parallel/frontier_engine.hpp"
#include "parallel/mpi_impl.hpp"
#include "parallel/search_figures.hpp"
#include "parallel/serial_search.hpp"
#include "parallel/traffic.hpp"

namespace adm::dist {
namespace {

using Clock = ProtocolClock;  // simulated time under SMPI (parallel/clock.hpp)

}  // namespace

FrontierEngine::FrontierEngine(Communicator& comm, LocalSearch& search,
                               const FrontierOptions& options)
    : comm_(comm),
      search_(search),
      options_(options),
      channel_(comm.impl()->channel),
      mailbox_(channel_),
      ranks_(comm.size()),
      me_(comm.rank()),
      quota_(options.max_nodes, comm.size(), comm.rank() == 0),
      last_flush_(static_cast<std::size_t>(ranks_), Clock::now()),
      batches_(comm.size()),
      // Every rank's node leader (fake nodes under ADM_FARM_NODE_RANKS), learned at start-up.
      layout_(node_layout(comm)),
      links_(relay_links(layout_, comm.rank())),
      spin_(!comm.oversubscribed()),
      // Victims are drawn from a stream of this rank's own: which rank gives work to which only
      // changes scheduling, never the answer (methods break ties by a total order).
      draws_(0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(comm.rank() + 1)) {}

void FrontierEngine::run() {
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
  MPI_Allreduce(words, most, 3, MPI_UINT64_T, MPI_MAX, channel_);
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
  rounds_.emplace(channel_, me_, ranks_, max_words_, summary_words_);
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

void FrontierEngine::finish(FrontierStats& stats) {
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
    MPI_Allreduce(mine.data(), totals.data(), static_cast<int>(mine.size()), MPI_UINT64_T, MPI_SUM,
                  channel_);
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

void FrontierEngine::gather_figures(FrontierStats& stats) {
  const RankFigures mine{nodes_,        routed_batches_, steals_,      quota_.leases(),
                         busy_seconds_, idle_seconds_,   take_seconds_};
  gather_rank_figures(channel_, me_, ranks_, mine, stats);
}

// One step, sized so that a step takes about a slice: the rank stays responsive to messages.
bool FrontierEngine::expand() {
  const auto t0 = Clock::now();
  std::uint64_t n = 0;
  guarded([&] {
    MeteredWork work;
    n = work.units = search_.step(quota_.cap(std::max(budget_, search_.next_cost())));
  });
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

RoundEntry FrontierEngine::entry() {
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
bool FrontierEngine::advance_round() {
  while (rounds_->complete()) {
    const RoundTotals& t = rounds_->totals();
    if (t.lowest_failed >= 0) failed_seen_ = stopping_ = true;
    if (t.stops > 0) stop_method_ = stopping_ = true;
    guarded([&] {
      learn_threshold(t.threshold);
      if (summary_words_ > 0) search_.learn(rounds_->completed_round(), rounds_->summary_totals());
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

void FrontierEngine::post_round() {
  guarded([&] {
    if (summary_words_ > 0) search_.summary(rounds_->next_round(), rounds_->summary());
  });
  rounds_->post(entry());
  last_round_time_ = Clock::now();
}

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
    FrontierEngine engine(comm, search, options);
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
