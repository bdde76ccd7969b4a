#pragma once
// Private to src/parallel: non-blocking byte messages between ranks over raw MPI (no serialisation:
// a payload is the bytes of a std::string). A sent buffer is owned here until MPI is done with it.
#include <mpi.h>

#include <cstdint>
#include <list>
#include <string>

namespace adm::dist {

class Mailbox {
 public:
  // `sleepy`: wait() sleeps between polls instead of blocking in MPI_Probe, which spins; for ranks
  // that share cores (an oversubscribed node), where a spinning waiter takes a working rank's CPU.
  explicit Mailbox(MPI_Comm comm, bool sleepy = false) : comm_(comm), sleepy_(sleepy) {}
  Mailbox(const Mailbox&) = delete;
  Mailbox& operator=(const Mailbox&) = delete;
  ~Mailbox();  // waits for every send (the protocol guarantees each is received)

  void send(int dest, int tag, std::string bytes);

  struct Message {
    int source = 0;
    int tag = 0;
    std::string bytes;
  };
  // Blocks until a message arrives (sends in flight progress meanwhile) and receives it.
  void wait(Message& out, int first_tag, int last_tag);
  // Receives one waiting message; false when none is waiting. A tag outside [first_tag, last_tag]
  // is a protocol error (InternalError).
  bool poll(Message& out, int first_tag, int last_tag);

  std::uint64_t messages_sent() const { return messages_; }
  std::uint64_t bytes_sent() const { return bytes_; }

 private:
  void reap();  // forgets completed sends
  void receive(const MPI_Status& status, Message& out, int first_tag, int last_tag);
  struct Pending {
    MPI_Request request;
    std::string buffer;
  };
  MPI_Comm comm_;
  bool sleepy_ = false;
  std::list<Pending> pending_;  // a list: buffers must not move while MPI reads them
  std::uint64_t messages_ = 0, bytes_ = 0;
};

// An 8-byte payload (a task index, a count of units) and back; a shorter payload is a torn
// message (InternalError).
std::string u64_bytes(std::uint64_t value);
std::uint64_t u64_of(const std::string& bytes);

}  // namespace adm::dist
