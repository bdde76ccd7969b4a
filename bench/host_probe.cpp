// How fast this host runs a fixed amount of arithmetic right now, on P cores at once: the seconds
// of the slowest of P processes, each running the same dependent chain of multiply-adds and square
// roots (no memory traffic). On an idle machine it is steady to ~2 %; on a shared VM whose host
// runs other guests on the same cores (or their SMT siblings) it swings by up to 50 % within
// seconds, and a benchmark's times swing with it. bench/scaling.sh prints it beside every run, so
// that a speed-up can be judged on rounds that ran on an equally fast host. It does not see the
// other noise of our VM: a process whose every node costs ~45 % more for its whole life, whatever
// the probe says (NOTES, "Scaling").
//   host_probe [P] [ITERATIONS]      prints one number: seconds
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

double chain(long iterations) {
  double x = 1.0, s = 0.0;
  for (long i = 0; i < iterations; ++i) {
    x = std::sqrt(x * 1.0000001 + 0.5);
    s += x;
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const int procs = argc > 1 ? std::atoi(argv[1]) : 1;
  const long iterations = argc > 2 ? std::atol(argv[2]) : 8'000'000;
  if (procs < 1 || procs > 1024 || iterations < 1) {
    std::fprintf(stderr, "usage: host_probe [P >= 1] [ITERATIONS >= 1]\n");
    return 2;
  }
  int fds[2];
  if (pipe(fds) != 0) return 1;
  std::vector<pid_t> children;
  for (int p = 0; p < procs; ++p) {
    const pid_t pid = fork();
    if (pid < 0) return 1;
    if (pid == 0) {
      const auto t0 = std::chrono::steady_clock::now();
      volatile double sink = chain(iterations);
      (void)sink;
      const double dt =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (write(fds[1], &dt, sizeof dt) != sizeof dt) _exit(1);
      _exit(0);
    }
    children.push_back(pid);
  }
  close(fds[1]);
  double slowest = 0, dt = 0;
  for (int p = 0; p < procs; ++p)
    if (read(fds[0], &dt, sizeof dt) == sizeof dt && dt > slowest) slowest = dt;
  for (const pid_t pid : children) waitpid(pid, nullptr, 0);
  std::printf("%.4f\n", slowest);
  return 0;
}
