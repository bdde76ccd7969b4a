#pragma once
// What a run does when it is told to stop (SIGTERM from Slurm's scancel or from mpirun, SIGINT
// from Ctrl-C): one line saying so and how to continue, then exit with kExitTerminated. Without
// it the process dies silently and mpirun reports only "exit 1".
#include <string>

namespace adm {

// 128 + SIGTERM, as a shell reports a process that SIGTERM ended; Ctrl-C (SIGINT) gives 130.
inline constexpr int kExitTerminated = 143;

// Installs the handlers for SIGTERM and SIGINT. Only a process with `announce` prints the line
// (rank 0, so a job prints it once); every process exits.
void install_termination_handlers(bool announce);

// Restores the default actions. Called once the program has decided how it ends (an error, or
// done): mpirun stops the other ranks of a job with SIGTERM when one aborts or exits non-zero, and
// that is no termination to announce.
void remove_termination_handlers();

// The advice the line gives from now on (e.g. the checkpoint to resume from); empty restores the
// default ("rerun the same command"). Not thread-safe against itself; safe against the handler.
void set_termination_advice(const std::string& advice);

// Files the handler deletes before exiting (a temporary file being written, the output lock),
// so a terminated run leaves only its checkpoint. Returns a slot for forget_on_termination, or
// -1 when every slot is taken (the file is then left, as after a kill).
int delete_on_termination(const std::string& path);
void forget_on_termination(int slot);

}  // namespace adm
