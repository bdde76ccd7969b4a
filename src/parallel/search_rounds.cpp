#include "parallel/search_rounds.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <utility>

#include "core/error.hpp"
#include "parallel/traffic.hpp"

namespace adm::dist {
namespace {

// The vector's layout: words [0, kMinEnd) are reduced by min, then [or_begin, max_begin) by
// bitwise or, [max_begin, sum_begin) by max, and the rest by sum. Words 0-2 hold where those parts
// begin (the same on every rank, so min keeps them), which lets one user-defined operation reduce
// every layout. The method's summary is the max and sum parts.
enum Word : std::size_t {
  kOrBegin = 0,
  kMaxBegin = 1,
  kSumBegin = 2,
  kQuiet = 3,         // min: 1 when every rank was quiet
  kLowestFailed = 4,  // min: a failing rank, or the rank count when none failed
  kThreshold = 5,     // min: the threshold, as an order-preserving code
  kFresh = 6,         // min: 1 when every rank joined after the previous round had completed there
  kMinEnd = 7,
};
enum SumWord : std::size_t { kSent = 0, kReceived = 1, kStops = 2, kFrontier = 3, kSumFixed = 4 };
constexpr std::size_t kMapBits = 1024;  // beyond as many ranks, ranks share bits of the work map

void reduce(void* in, void* inout, int* len, MPI_Datatype*) {
  const auto* a = static_cast<const std::uint64_t*>(in);
  auto* b = static_cast<std::uint64_t*>(inout);
  const auto n = static_cast<std::size_t>(*len);
  const std::size_t or_begin = std::min<std::size_t>(n, a[kOrBegin]);
  const std::size_t max_begin = std::min<std::size_t>(n, a[kMaxBegin]);
  const std::size_t sum_begin = std::min<std::size_t>(n, a[kSumBegin]);
  for (std::size_t i = 0; i < or_begin; ++i) b[i] = std::min(a[i], b[i]);
  for (std::size_t i = or_begin; i < max_begin; ++i) b[i] |= a[i];
  for (std::size_t i = max_begin; i < sum_begin; ++i) b[i] = std::max(a[i], b[i]);
  for (std::size_t i = sum_begin; i < n; ++i) b[i] += a[i];
}

// Doubles as unsigned integers in the same order (negative ones reversed), so min applies.
std::uint64_t ordered_code(double d) {
  const auto bits = std::bit_cast<std::uint64_t>(d);
  return bits >> 63 ? ~bits : bits | (std::uint64_t{1} << 63);
}
double from_ordered_code(std::uint64_t code) {
  return std::bit_cast<double>(code >> 63 ? code & ~(std::uint64_t{1} << 63) : ~code);
}

}  // namespace

SearchRounds::SearchRounds(MPI_Comm comm, int rank, int ranks, std::size_t max_words,
                           std::size_t summary_words)
    : rank_(rank),
      ranks_(ranks),
      map_words_((std::min<std::size_t>(static_cast<std::size_t>(ranks), kMapBits) + 63) / 64),
      summary_at_(kMinEnd + map_words_),
      sum_at_(summary_at_ + max_words),
      next_(sum_at_ + kSumFixed + summary_words - max_words, 0),
      result_(next_.size(), 0) {
  MPI_Op_create(&reduce, /*commute=*/1, &op_);
  reduce_.emplace(comm, op_);
}

// A round is in flight only if an error unwound the search mid-round, which ends the job (main
// aborts on an error one rank sees): waiting for it could hang, the other ranks having stopped.
// MPI frees the operation once no round uses it.
SearchRounds::~SearchRounds() {
  reduce_.reset();
  MPI_Op_free(&op_);
}

void SearchRounds::post(const RoundEntry& mine) {
  if (flights_.size() >= kInFlight) throw InternalError("search rounds: too many in flight");
  auto* v = next_.data();
  v[kOrBegin] = kMinEnd;
  v[kMaxBegin] = summary_at_;
  v[kSumBegin] = sum_at_;
  v[kQuiet] = mine.quiet ? 1 : 0;
  v[kLowestFailed] = static_cast<std::uint64_t>(mine.failed ? rank_ : ranks_);
  v[kThreshold] = ordered_code(mine.threshold);
  v[kFresh] = flights_.empty() ? 1 : 0;
  std::fill(v + kMinEnd, v + kMinEnd + map_words_, 0);
  if (mine.has_work) {
    const auto bit = static_cast<std::size_t>(rank_) % kMapBits;
    v[kMinEnd + bit / 64] = std::uint64_t{1} << (bit % 64);
  }
  std::uint64_t* sums = v + next_.size() - kSumFixed;
  sums[kSent] = mine.sent;
  sums[kReceived] = mine.received;
  sums[kStops] = mine.stop ? 1 : 0;
  sums[kFrontier] = mine.frontier;
  const std::size_t words = next_.size();
  auto& f = flights_.emplace_back();
  f.vector = std::exchange(next_, std::vector<std::uint64_t>(words, 0));
  f.result.assign(words, 0);
  reduce_->start(f.vector.data(), f.result.data(), static_cast<int>(words));
  ++posted_count_;
  // Counted as a reduction is: this rank's vector out and the totals in (parallel/traffic.hpp).
  count_sent(bytes_per_round());
  count_received(bytes_per_round());
}

bool SearchRounds::complete() {
  if (flights_.empty()) return false;
  if (!reduce_->test_oldest()) return false;
  completed();
  return true;
}

void SearchRounds::finish() {
  if (flights_.empty()) return;
  reduce_->wait_oldest();
  completed();
}

// Mattern's four-counter method needs the second of the two rounds to have started after the first
// had ended: a round every rank joined after the previous one had completed there (kFresh).
void SearchRounds::completed() {
  result_ = std::move(flights_.front().result);
  flights_.pop_front();
  ++count_;
  const auto* r = result_.data();
  const std::uint64_t* sums = r + result_.size() - kSumFixed;
  totals_.all_quiet = r[kQuiet] == 1;
  totals_.lowest_failed = r[kLowestFailed] < static_cast<std::uint64_t>(ranks_)
                              ? static_cast<int>(r[kLowestFailed])
                              : -1;
  totals_.threshold = from_ordered_code(r[kThreshold]);
  totals_.sent = sums[kSent];
  totals_.received = sums[kReceived];
  totals_.stops = sums[kStops];
  totals_.frontier = sums[kFrontier];
  over_ = r[kFresh] == 1 && totals_.all_quiet && totals_.sent == totals_.received &&
          previous_all_quiet_ && previous_sent_ == totals_.sent &&
          previous_received_ == totals_.received;
  previous_all_quiet_ = totals_.all_quiet;
  previous_sent_ = totals_.sent;
  previous_received_ = totals_.received;
}

bool SearchRounds::had_work(int rank) const {
  if (count_ == 0) return false;
  const auto bit = static_cast<std::size_t>(rank) % kMapBits;
  return (result_[kMinEnd + bit / 64] >> (bit % 64)) & 1;
}

}  // namespace adm::dist
