#include "parallel/mailbox.hpp"

#include <chrono>
#include <climits>
#include <cstring>
#include <thread>

#include "core/error.hpp"
#include "parallel/traffic.hpp"

namespace adm::dist {

std::string u64_bytes(std::uint64_t value) {
  std::string out(sizeof value, '\0');
  std::memcpy(out.data(), &value, sizeof value);
  return out;
}

std::uint64_t u64_of(const std::string& bytes) {
  std::uint64_t value = 0;
  if (bytes.size() < sizeof value) throw InternalError("mailbox: torn message");
  std::memcpy(&value, bytes.data(), sizeof value);
  return value;
}

Mailbox::~Mailbox() {
  for (auto& p : pending_) MPI_Wait(&p.request, MPI_STATUS_IGNORE);
}

void Mailbox::send(int dest, int tag, std::string bytes) {
  if (bytes.size() > static_cast<std::size_t>(INT_MAX))
    throw InternalError("mailbox: message of " + std::to_string(bytes.size()) + " bytes");
  reap();
  auto& p = pending_.emplace_back(Pending{MPI_REQUEST_NULL, std::move(bytes)});
  MPI_Isend(p.buffer.data(), static_cast<int>(p.buffer.size()), MPI_CHAR, dest, tag, comm_,
            &p.request);
  ++messages_;
  bytes_ += p.buffer.size();
  count_sent(p.buffer.size());
}

void Mailbox::wait(Message& out, int first_tag, int last_tag) {
  if (sleepy_) {
    // 100 us: a farm handout or a result answered that much late costs a task of milliseconds
    // little, while the waiting rank gives its core to the ranks that compute.
    while (!poll(out, first_tag, last_tag))
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    return;
  }
  MPI_Status status;
  MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_, &status);
  receive(status, out, first_tag, last_tag);
}

bool Mailbox::poll(Message& out, int first_tag, int last_tag) {
  int flag = 0;
  MPI_Status status;
  MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_, &flag, &status);
  if (!flag) {
    reap();
    return false;
  }
  receive(status, out, first_tag, last_tag);
  return true;
}

void Mailbox::receive(const MPI_Status& status, Message& out, int first_tag, int last_tag) {
  if (status.MPI_TAG < first_tag || status.MPI_TAG > last_tag)
    throw InternalError("mailbox: unexpected message tag " + std::to_string(status.MPI_TAG) +
                        " from rank " + std::to_string(status.MPI_SOURCE));
  int count = 0;
  MPI_Get_count(&status, MPI_CHAR, &count);
  out.source = status.MPI_SOURCE;
  out.tag = status.MPI_TAG;
  out.bytes.assign(static_cast<std::size_t>(count), '\0');
  MPI_Recv(out.bytes.data(), count, MPI_CHAR, out.source, out.tag, comm_, MPI_STATUS_IGNORE);
  count_received(out.bytes.size());
}

void Mailbox::reap() {
  for (auto it = pending_.begin(); it != pending_.end();) {
    int done = 0;
    MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
    it = done ? pending_.erase(it) : std::next(it);
  }
}

}  // namespace adm::dist
