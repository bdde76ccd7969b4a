#include "core/termination.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstring>

namespace adm {
namespace {

// The handler may only call async-signal-safe functions (write, _exit), so the advice is kept in
// two fixed buffers and published by an atomic index: the handler never reads a buffer that is
// being filled.
constexpr std::size_t kAdviceSize = 2048;
char advice_text[2][kAdviceSize] = {{0}, {0}};
std::atomic<int> advice_current{-1};  // -1: the default advice
std::atomic<bool> announce_termination{false};
const char kDefaultAdvice[] = "nothing was checkpointed: rerun the same command";

// Paths to unlink on termination: a slot is claimed, filled, then marked ready; the handler
// reads only ready slots.
constexpr int kSlots = 16;
char delete_paths[kSlots][kAdviceSize] = {};
std::atomic<bool> slot_claimed[kSlots] = {};
std::atomic<bool> slot_ready[kSlots] = {};

void write_all(const char* text, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(STDERR_FILENO, text, size);
    if (n <= 0) return;
    text += n;
    size -= static_cast<std::size_t>(n);
  }
}

extern "C" void on_termination_signal(int signal) {
  if (announce_termination.load()) {
    const char* name = signal == SIGINT ? "SIGINT" : "SIGTERM";
    const int current = advice_current.load();
    const char* advice = current < 0 ? kDefaultAdvice : advice_text[current];
    write_all("admissible: terminated by ", 26);
    write_all(name, std::strlen(name));
    write_all("; ", 2);
    write_all(advice, std::strlen(advice));
    write_all("\n", 1);
  }
  for (int i = 0; i < kSlots; ++i)
    if (slot_ready[i].load()) ::unlink(delete_paths[i]);
  // No destructors, no atexit, no MPI_Finalize: the other ranks are being stopped too, and a
  // journal on disk holds only whole records (a torn last one is dropped by --resume).
  ::_exit(signal == SIGINT ? 128 + SIGINT : kExitTerminated);
}

}  // namespace

void install_termination_handlers(bool announce) {
  announce_termination.store(announce);
  struct sigaction action {};
  action.sa_handler = on_termination_signal;
  sigemptyset(&action.sa_mask);
  sigaddset(&action.sa_mask, SIGTERM);  // one handler at a time: a second signal waits
  sigaddset(&action.sa_mask, SIGINT);
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGINT, &action, nullptr);
}

void remove_termination_handlers() {
  std::signal(SIGTERM, SIG_DFL);
  std::signal(SIGINT, SIG_DFL);
}

void set_termination_advice(const std::string& advice) {
  if (advice.empty()) {
    advice_current.store(-1);
    return;
  }
  const int next = advice_current.load() == 0 ? 1 : 0;
  const std::size_t n = std::min(advice.size(), kAdviceSize - 1);
  std::memcpy(advice_text[next], advice.data(), n);
  advice_text[next][n] = '\0';
  advice_current.store(next);
}

int delete_on_termination(const std::string& path) {
  if (path.size() >= kAdviceSize) return -1;
  for (int i = 0; i < kSlots; ++i) {
    bool expected = false;
    if (!slot_claimed[i].compare_exchange_strong(expected, true)) continue;
    std::memcpy(delete_paths[i], path.c_str(), path.size() + 1);
    slot_ready[i].store(true);
    return i;
  }
  return -1;
}

void forget_on_termination(int slot) {
  if (slot < 0 || slot >= kSlots) return;
  slot_ready[slot].store(false);
  slot_claimed[slot].store(false);
}

}  // namespace adm
