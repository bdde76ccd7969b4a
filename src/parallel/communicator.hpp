#pragma once
// The process group a run executes on. Size 1 when the program was not started by an MPI launcher,
// so serial use needs no mpirun. Only src/parallel sees MPI; everything else talks to this class.
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace adm::dist {

class Communicator {
 public:
  // The world group, initialising MPI on first use when launched by mpirun/srun.
  static Communicator& world();

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool is_root() const { return rank_ == 0; }
  // More ranks on this rank's node than hardware threads they may run on (their CPU affinities
  // together: a batch system's cgroup, the launcher's binding); then a rank that waits should
  // sleep, not spin: it would take a working rank's core.
  bool oversubscribed() const { return oversubscribed_; }
  // This rank's place among the ranks of its node (those that can share memory), ordered as in
  // the world group: node rank 0, the node's lowest rank, is its leader.
  int node_rank() const { return node_rank_; }
  int node_size() const { return node_size_; }

  // Collective: every rank runs `step`. If it throws on any rank, every rank throws the error of
  // the lowest failing rank (same kind: input or internal), marked Collective so main exits
  // cleanly.
  void agree(const std::function<void()>& step);
  void barrier();
  // Collective: every rank's bytes, in rank order, on every rank. Raw MPI (two collectives, one
  // copy into the result): result lists of megabytes travel here.
  std::vector<std::string> all_gather(const std::string& mine);
  // Collective: every rank's bytes, in rank order, on rank 0; an empty list on the other ranks.
  // Each arrives straight in its own string (rank 0's own is moved): for results only the
  // coordinator needs, half the bytes of all_gather and no copy out of a flat buffer.
  std::vector<std::string> gather_to_root(std::string mine);
  // The same for bytes whose size each rank knows before it makes them: rank 0 learns the sizes,
  // allocates its receive buffers and posts the receives first, then every rank calls make(), so
  // rank 0's fresh buffers are faulted in while the other ranks make theirs (page faults cost
  // ~2.4 us per 4 KiB page on our VMs: ~15 ms for a 6 MB list at worst, measured). make() must
  // return exactly `bytes` bytes (a rank whose make() does not ends the job: rank 0 would wait).
  std::vector<std::string> gather_to_root(std::size_t bytes,
                                          const std::function<std::string()>& make);
  // Collective: sorted, de-duplicated host names of all ranks.
  std::vector<std::string> hostnames();
  // Collective: root's value replaces every rank's.
  void broadcast(std::vector<std::vector<double>>& value);
  void broadcast(std::string& value);
  // Collective: rank `root`'s bytes replace every rank's.
  void broadcast_from(std::string& value, int root);
  // Collective: the node leader's value replaces that of every rank of its node.
  void node_broadcast(std::string& value);
  // Ends every rank of the job with `code` (MPI_Abort); plain exit when not distributed.
  [[noreturn]] void abort(int code);

  struct Impl;  // MPI state, visible to src/parallel only
  Impl* impl() { return impl_.get(); }

  ~Communicator();

 private:
  Communicator();
  std::unique_ptr<Impl> impl_;
  int rank_ = 0;
  int size_ = 1;
  int node_rank_ = 0;
  int node_size_ = 1;
  bool oversubscribed_ = false;
};

// True when the environment shows an MPI launcher (mpirun, srun --mpi=pmix).
bool launched_by_mpi();

}  // namespace adm::dist
