#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>

#include "core/result_set.hpp"
#include "data/load.hpp"
#include "pipelines/node_data.hpp"

namespace {

adm::data::DataSpec people() {
  adm::data::DataSpec s;
  s.source = std::string(ADM_TEST_DIR) + "/data/fixtures/people.csv";
  s.roles.target = "label";
  s.roles.sensitive = {"race"};
  s.missing = adm::data::MissingPolicy::Keep;
  return s;
}

}  // namespace

TEST_CASE("a lone rank loads the run's data itself, as load_dataset does",
          "[pipelines][node_data]") {
  auto& comm = adm::dist::Communicator::world();
  REQUIRE(comm.size() == 1);
  const auto run = adm::pipelines::load_run_data(comm, people());
  const auto expected = adm::data::load_dataset(people());
  CHECK_FALSE(run.shared);
  CHECK(run.parsed_here);
  CHECK(run.parsing_ranks == 1);
  CHECK(run.shared_bytes == 0);
  CHECK(adm::pipelines::load_mode(run) == "every rank");
  REQUIRE(run.bytes_read_per_rank.size() == 1);
  CHECK(run.bytes_read_per_rank[0] >= std::filesystem::file_size(people().source));
  REQUIRE(run.data.names() == expected.names());
  for (std::size_t c = 0; c < expected.cols(); ++c) {
    CHECK_FALSE(run.data.column(c).is_view());
    for (std::size_t r = 0; r < expected.rows(); ++r)
      CHECK(run.data.column(c).cell_text(r) == expected.column(c).cell_text(r));
  }
  adm::ResultSet results;
  adm::pipelines::write_run_data(run, results);
  const auto* mode = results.find("/timing/data_sharing/mode");
  REQUIRE(mode != nullptr);
  CHECK(std::get<std::vector<std::string>>(mode->values) == std::vector<std::string>{"every rank"});
  const auto* parsing = results.find("/timing/data_sharing/parsing_ranks");
  REQUIRE(parsing != nullptr);
  CHECK(std::get<std::vector<std::int64_t>>(parsing->values) == std::vector<std::int64_t>{1});
  std::ostringstream log;
  adm::pipelines::log_run_data(run, &log);
  CHECK(log.str().empty());  // a lone rank's log stays as it was
}
