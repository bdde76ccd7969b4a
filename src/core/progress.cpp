#include "core/progress.hpp"

#include <cstdio>

namespace adm {
namespace {

std::string format_seconds(double s) {
  char buf[32];
  if (s < 60)
    std::snprintf(buf, sizeof buf, "%.0fs", s);
  else if (s < 3600)
    std::snprintf(buf, sizeof buf, "%dm%02ds", int(s) / 60, int(s) % 60);
  else
    std::snprintf(buf, sizeof buf, "%dh%02dm", int(s) / 3600, (int(s) % 3600) / 60);
  return buf;
}

}  // namespace

Progress::Progress(std::string stage, std::size_t total, std::ostream* out, double quiet_seconds,
                   double interval_seconds)
    : stage_(std::move(stage)),
      total_(total),
      out_(out),
      quiet_(quiet_seconds),
      interval_(interval_seconds),
      start_(Clock::now()),
      last_(start_) {}

void Progress::update(std::size_t done) {
  if (!out_ || total_ == 0) return;
  const auto now = Clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double since = std::chrono::duration<double>(now - last_).count();
  if (elapsed < quiet_ || (printed_ && since < interval_)) return;
  last_ = now;
  printed_ = true;
  // ETA from this run's own pace: resumed tasks cost nothing now, so they are left out of the rate.
  const std::size_t fresh = done > resumed_ ? done - resumed_ : 0;
  std::string eta = "?";
  if (fresh > 0) eta = format_seconds(elapsed / double(fresh) * double(total_ - done));
  char pct[16];
  std::snprintf(pct, sizeof pct, "%.0f%%", 100.0 * double(done) / double(total_));
  *out_ << "[" << stage_ << "] " << done << "/" << total_ << " tasks (" << pct << "), elapsed "
        << format_seconds(elapsed) << ", ETA " << eta << std::endl;
}

void Progress::finish() {
  if (!out_ || !printed_) return;
  const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
  *out_ << "[" << stage_ << "] " << total_ << "/" << total_ << " tasks done in "
        << format_seconds(elapsed) << std::endl;
}

}  // namespace adm
