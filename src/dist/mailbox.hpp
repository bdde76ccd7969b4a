#pragma once
// Private to src/dist: non-blocking byte messages between ranks over raw MPI (no serialisation:
// a payload is the bytes of a std::string). A sent buffer is owned here until MPI is done with it.
#include <mpi.h>

#include <cstdint>
#include <list>
#include <string>

namespace adm::dist {

class Mailbox {
 public:
  explicit Mailbox(MPI_Comm comm) : comm_(comm) {}
  Mailbox(const Mailbox&) = delete;
  Mailbox& operator=(const Mailbox&) = delete;
  ~Mailbox();  // waits for every send (the protocol guarantees each is received)

  void send(int dest, int tag, std::string bytes);

  struct Message {
    int source = 0;
    int tag = 0;
    std::string bytes;
  };
  // Receives one waiting message; false when none is waiting. A tag outside [first_tag, last_tag]
  // is a protocol error (InternalError).
  bool poll(Message& out, int first_tag, int last_tag);

  std::uint64_t messages_sent() const { return messages_; }
  std::uint64_t bytes_sent() const { return bytes_; }

 private:
  void reap();  // forgets completed sends
  struct Pending {
    MPI_Request request;
    std::string buffer;
  };
  MPI_Comm comm_;
  std::list<Pending> pending_;  // a list: buffers must not move while MPI reads them
  std::uint64_t messages_ = 0, bytes_ = 0;
};

}  // namespace adm::dist
