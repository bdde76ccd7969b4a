#pragma once
// Private to src/dist: the Boost.MPI objects behind Communicator.
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>
#include <memory>

#include "dist/communicator.hpp"

namespace adm::dist {

struct Communicator::Impl {
  std::unique_ptr<boost::mpi::environment> env;
  boost::mpi::communicator world;
};

}  // namespace adm::dist
