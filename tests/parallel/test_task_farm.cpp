#include <catch2/catch.hpp>
#include <map>

#include "core/error.hpp"
#include "parallel/task_chunks.hpp"
#include "parallel/task_farm.hpp"

using adm::dist::Communicator;
using adm::dist::FarmOptions;
using adm::dist::TaskFarm;

namespace {

// An in-memory checkpoint, standing in for the journal file.
struct MemoryCheckpoint : adm::CheckpointSink {
  std::map<std::string, std::map<std::size_t, std::string>> stored;
  std::map<std::size_t, std::string> completed(const std::string& stage) override {
    return stored[stage];
  }
  void record(const std::string& stage, std::size_t index, const std::string& r) override {
    stored[stage][index] = r;
  }
};

std::vector<double> draw(std::size_t index, adm::Rng& rng) {
  return {static_cast<double>(index), rng.uniform(), rng.normal()};
}

}  // namespace

TEST_CASE("task farm returns results in task order with per-task streams", "[dist]") {
  TaskFarm farm(Communicator::world(), FarmOptions{7});
  const auto results = farm.run("stage", 20, draw);
  REQUIRE(results.size() == 20);
  for (std::size_t i = 0; i < 20; ++i) {
    CHECK(results[i][0] == double(i));
    adm::Rng expected(7, "stage", i);
    CHECK(results[i][1] == expected.uniform());
  }
  // A different stage name or seed gives different streams.
  CHECK(farm.run("other", 1, draw)[0][1] != results[0][1]);
  TaskFarm reseeded(Communicator::world(), FarmOptions{8});
  CHECK(reseeded.run("stage", 1, draw)[0][1] != results[0][1]);
}

TEST_CASE("task farm records every task and resumes without recomputing", "[dist]") {
  MemoryCheckpoint checkpoint;
  FarmOptions options{11};
  options.checkpoint = &checkpoint;
  TaskFarm farm(Communicator::world(), options);
  const auto full = farm.run("boot", 10, draw);
  CHECK(checkpoint.stored["boot"].size() == 10);

  // Pretend the run died after tasks 0..3: the rerun computes only 4..9 and matches exactly.
  MemoryCheckpoint partial;
  for (std::size_t i = 0; i < 4; ++i) partial.stored["boot"][i] = adm::encode(full[i]);
  options.checkpoint = &partial;
  TaskFarm resumed(Communicator::world(), options);
  std::size_t calls = 0;
  const auto again = resumed.run("boot", 10, [&](std::size_t i, adm::Rng& rng) {
    ++calls;
    return draw(i, rng);
  });
  CHECK(calls == 6);
  CHECK(resumed.last_stats().resumed == 4);
  CHECK(again == full);
}

TEST_CASE("a failing task surfaces its own error", "[dist]") {
  TaskFarm farm(Communicator::world(), FarmOptions{1});
  CHECK_THROWS_WITH(farm.run("fail", 5,
                             [](std::size_t i, adm::Rng&) -> std::vector<double> {
                               if (i == 3) throw adm::InputError("task 3 is bad");
                               return {1.0};
                             }),
                    Catch::Contains("task 3 is bad"));
  CHECK(farm.run("empty", 0, draw).empty());
}

TEST_CASE("task farm groups run as one stage, each on its own streams", "[dist]") {
  TaskFarm farm(Communicator::world(), FarmOptions{7});
  const auto tagged = [](double tag) {
    return [tag](std::size_t index, adm::Rng& rng) {
      auto r = draw(index, rng);
      r.push_back(tag);
      return r;
    };
  };
  const std::vector<TaskFarm::TaskGroup<std::vector<double>>> groups{
      {"first", 3, tagged(1)}, {"empty", 0, tagged(2)}, {"second", 5, tagged(3)}};
  const auto results = farm.run_groups("both", groups);
  REQUIRE(results.size() == 3);
  REQUIRE(results[0].size() == 3);
  REQUIRE(results[1].empty());
  REQUIRE(results[2].size() == 5);
  CHECK(farm.last_stats().tasks == 8);  // one stage
  // Each group's results are those of running it alone as a stage named after its stream.
  const auto first = farm.run("first", 3, draw), second = farm.run("second", 5, draw);
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(results[0][i] == std::vector<double>{first[i][0], first[i][1], first[i][2], 1.0});
  }
  for (std::size_t i = 0; i < 5; ++i) {
    CHECK(results[2][i] == std::vector<double>{second[i][0], second[i][1], second[i][2], 3.0});
  }
}

namespace {

// A task result that is a struct travels through its Codec and comes back field for field, also
// through the checkpoint (the journal stores the encoded bytes).
struct Draw {
  std::uint64_t index = 0;
  double uniform = 0;
  std::string label;
  std::vector<std::int32_t> codes;
};

}  // namespace

template <>
struct adm::Codec<Draw> {
  static void put(ByteWriter& w, const Draw& d) {
    Codec<std::uint64_t>::put(w, d.index);
    Codec<double>::put(w, d.uniform);
    Codec<std::string>::put(w, d.label);
    Codec<std::vector<std::int32_t>>::put(w, d.codes);
  }
  static Draw take(ByteReader& r) {
    Draw d;
    d.index = Codec<std::uint64_t>::take(r);
    d.uniform = Codec<double>::take(r);
    d.label = Codec<std::string>::take(r);
    d.codes = Codec<std::vector<std::int32_t>>::take(r);
    return d;
  }
};

TEST_CASE("task farm carries typed results and resumes them from their bytes", "[dist]") {
  const auto task = [](std::size_t i, adm::Rng& rng) {
    return Draw{i, rng.uniform(), "task " + std::to_string(i),
                std::vector<std::int32_t>(i, static_cast<std::int32_t>(i))};
  };
  MemoryCheckpoint checkpoint;
  FarmOptions options{5};
  options.checkpoint = &checkpoint;
  TaskFarm farm(Communicator::world(), options);
  const std::vector<Draw> results = farm.run("typed", 6, task);
  REQUIRE(results.size() == 6);
  for (std::size_t i = 0; i < 6; ++i) {
    CHECK(results[i].index == i);
    CHECK(results[i].uniform == adm::Rng(5, "typed", i).uniform());
    CHECK(results[i].label == "task " + std::to_string(i));
    CHECK(results[i].codes == std::vector<std::int32_t>(i, static_cast<std::int32_t>(i)));
  }
  TaskFarm resumed(Communicator::world(), options);  // every task from the checkpoint
  const auto again = resumed.run("typed", 6, [&](std::size_t i, adm::Rng& rng) {
    FAIL("task " << i << " recomputed");
    return task(i, rng);
  });
  REQUIRE(again.size() == 6);
  for (std::size_t i = 0; i < 6; ++i) CHECK(again[i].label == results[i].label);
  // Bytes of another type do not pass for this one.
  CHECK_THROWS_AS(adm::decode<Draw>(adm::encode(std::vector<double>{1.0})), adm::InternalError);
}

TEST_CASE("cheap tasks are handed out in chunks of a few milliseconds, long ones alone", "[dist]") {
  adm::dist::TaskChunks chunks;
  CHECK(chunks.next(0, 2) == 0);
  CHECK(chunks.next(1000, 2) == 1);  // nothing timed yet
  chunks.timed(10, 0.001);           // 0.1 ms a task: 4 ms is 40 tasks
  CHECK(chunks.next(1000, 2) == 40);
  CHECK(chunks.next(100, 2) == 25);  // guided: at most the pending tasks over twice the ranks
  CHECK(chunks.next(3, 2) == 1);     // and at least one
  adm::dist::TaskChunks instant;
  instant.timed(5, 0.0);  // too fast to time: as large as the share allows
  CHECK(instant.next(1 << 20, 1) == 4096);
  // At 1,024 ranks a chunk is ~41 ms of work, so rank 0's handouts stay a quarter of its time:
  // 1,024 workers / 41 ms x 10 us = 0.25.
  CHECK(adm::dist::TaskChunks::target_seconds(2) == 0.004);
  CHECK(adm::dist::TaskChunks::target_seconds(100) == Approx(0.004));
  CHECK(adm::dist::TaskChunks::target_seconds(1024) == Approx(0.04096));
  CHECK(chunks.next(1 << 20, 1024) == 409);  // 0.1 ms tasks
  adm::dist::TaskChunks fits;
  fits.timed(2, 0.4);  // 0.2 s a task (a model fit): one at a time
  CHECK(fits.next(1000, 2) == 1);
}
