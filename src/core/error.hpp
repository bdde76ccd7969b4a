#pragma once
// Errors carry where they happened (file, line, column or config key) so that `main` can print one
// line and pick the exit code: bad input -> 2, anything else -> 1.
#include <stdexcept>
#include <string>

namespace adm {

// Problems with what the user gave us: data files, configs, command-line values.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A bug or an environment failure (disk full, MPI trouble): not the user's input.
class InternalError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "file:line:col: message" (line/col omitted when 0), the format compilers use, so editors can jump
// there.
std::string at_location(const std::string& file, std::size_t line, std::size_t column,
                        const std::string& message);

[[noreturn]] void throw_input(const std::string& file, std::size_t line, std::size_t column,
                              const std::string& message);

// Exit codes used by every driver.
inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;
inline constexpr int kExitBadInput = 2;

}  // namespace adm

namespace adm {

// Marks an error every rank raised together (after an agreement step), so `main` prints it once on
// rank 0 and every rank exits normally instead of aborting the job.
struct CollectiveFailure {};

template <class Base>
class Collective : public Base, public CollectiveFailure {
 public:
  using Base::Base;
};

}  // namespace adm
