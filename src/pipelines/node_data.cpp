#include "pipelines/node_data.hpp"

#include <cstdio>
#include <fstream>
#include <ostream>

#include "data/dataset_block.hpp"
#include "io/load_data.hpp"
#include "parallel/node_block.hpp"

namespace adm::pipelines {
namespace {

// The description's first byte says whether the node shares ('1') or every rank loads ('0').
constexpr char kShared = '1';
constexpr char kPerRank = '0';

// Bytes this process has read by system calls so far ("rchar" of /proc/self/io; 0 where absent).
std::uint64_t bytes_read() {
  std::ifstream io("/proc/self/io");
  std::string key;
  std::uint64_t value = 0;
  while (io >> key >> value)
    if (key == "rchar:") return value;
  return 0;
}

}  // namespace

std::string load_mode(const RunData& run) {
  return run.parsing_ranks < run.ranks ? "shared per node" : "every rank";
}

RunData load_run_data(dist::Communicator& comm, const data::DataSpec& spec,
                      data::LoadReport* report) {
  const std::uint64_t read_before = bytes_read();
  RunData run;
  const bool leader = comm.node_rank() == 0;
  data::Dataset loaded;
  // First the node leaders load, so a bad input is reported once per node and on every rank.
  comm.agree([&] {
    if (leader) loaded = io::load_dataset(spec, report);
  });
  run.parsed_here = leader;
  if (comm.node_size() > 1) {
    std::string description;
    if (leader) {
      description = data::describe_block(loaded);
      const std::size_t bytes = data::block_bytes(description);
      const bool room = dist::node_memory_has_room(bytes);
      description.insert(description.begin(), room ? kShared : kPerRank);
    }
    comm.node_broadcast(description);
    run.shared = description.front() == kShared;
    description.erase(description.begin());
    if (run.shared) {
      run.shared_bytes = data::block_bytes(description);
      const auto block = dist::share_on_node(comm, run.shared_bytes, [&](std::span<std::byte> out) {
        data::write_block(loaded, out);
      });
      loaded = data::Dataset();  // the leader's own copy goes: it views the block like the others
      run.data = data::view_block(description, block.bytes, block.keeper);
    } else {
      run.why_not_shared = "too little free space in the node's shared memory (/dev/shm) for " +
                           std::to_string(data::block_bytes(description)) + " bytes";
    }
  }
  // The other ranks of a node that could not share load their own copy.
  comm.agree([&] {
    if (!run.shared && !leader) loaded = io::load_dataset(spec, report);
  });
  if (!run.shared) {
    run.parsed_here = true;
    run.data = std::move(loaded);
  }
  // Every rank's flag and bytes read, in one small collective.
  const std::string mine =
      std::string(run.parsed_here ? "1 " : "0 ") + std::to_string(bytes_read() - read_before);
  run.parsing_ranks = 0;
  for (const auto& theirs : comm.all_gather(mine)) {
    run.parsing_ranks += theirs[0] == '1';
    run.bytes_read_per_rank.push_back(std::stoull(theirs.substr(2)));
  }
  run.ranks = static_cast<std::size_t>(comm.size());
  if (report) report->mode = load_mode(run);
  return run;
}

void write_run_data(const RunData& run, ResultSet& results) {
  const std::string mode = load_mode(run);
  results.add("/timing/data_sharing/mode", std::vector<std::string>{mode},
              "How the ranks hold the data: 'shared per node' (each node's lowest rank loaded it "
              "into memory the node's ranks share) or 'per rank' (every rank loaded its own).");
  results.add("/timing/data_sharing/parsing_ranks",
              std::vector<std::int64_t>{static_cast<std::int64_t>(run.parsing_ranks)},
              "Ranks that read the data source (one per node when shared).", "ranks");
  results.add("/timing/data_sharing/shared_bytes",
              std::vector<std::int64_t>{static_cast<std::int64_t>(run.shared_bytes)},
              "Bytes of cells in the shared block of rank 0's node (0 when not shared).", "bytes");
  results.add(
      "/timing/data_sharing/bytes_read_per_rank",
      std::vector<std::int64_t>(run.bytes_read_per_rank.begin(), run.bytes_read_per_rank.end()),
      "Bytes each rank read by system calls while loading the data (Linux rchar).", "bytes");
}

void log_run_data(const RunData& run, std::ostream* log) {
  if (log == nullptr || run.ranks == 1) return;
  const std::string mode = load_mode(run);
  char mb[32];
  std::snprintf(mb, sizeof mb, "%.1f", static_cast<double>(run.shared_bytes) / 1e6);
  *log << "data: " << mode << " (" << run.parsing_ranks << " of " << run.ranks << " ranks read "
       << run.data.source() << "; " << mb << " MB shared on rank 0's node)\n";
  if (!run.why_not_shared.empty()) *log << "data: not shared: " << run.why_not_shared << "\n";
}

}  // namespace adm::pipelines
