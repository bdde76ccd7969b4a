#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "io/journal.hpp"

namespace fs = std::filesystem;
using adm::io::Journal;

namespace {
std::string temp_path(const char* name) {
  return (fs::temp_directory_path() / (std::string("adm_test_") + name)).string();
}
}  // namespace

TEST_CASE("crc32 matches the standard check value", "[io][journal]") {
  CHECK(adm::io::crc32("123456789", 9) == 0xCBF43926U);
}

TEST_CASE("journal replays intact records and drops a torn tail", "[io][journal]") {
  const auto path = temp_path("journal.bin");
  {
    Journal j(path, 42, false);
    j.record("boot", 0, std::string("\x01\x02", 2));
    j.record("boot", 5, "3.5");
    j.record("info", 1, "");
  }
  const auto intact_size = fs::file_size(path);
  {  // a record cut short by a kill mid-write
    std::FILE* f = std::fopen(path.c_str(), "ab");
    std::fwrite("\x6b\x63\x65\x72\x04\x00", 1, 6, f);
    std::fclose(f);
  }
  {
    Journal j(path, 42, true);
    CHECK(j.resumed_records() == 3);
    CHECK(j.completed("boot").at(5) == "3.5");
    CHECK(j.completed("boot").at(0) == std::string("\x01\x02", 2));
    CHECK(j.completed("info").at(1).empty());
    CHECK(j.completed("none").empty());
    CHECK(fs::file_size(path) == intact_size);  // torn tail removed before appending
    j.record("boot", 7, "9");
  }
  {
    Journal j(path, 42, true);
    CHECK(j.resumed_records() == 4);
    CHECK(j.completed("boot").at(7) == "9");
  }
  {  // a flipped bit invalidates that record and everything after it
    std::FILE* f = std::fopen(path.c_str(), "r+b");
    std::fseek(f, -3, SEEK_END);
    std::fputc(0x55, f);
    std::fclose(f);
    Journal j(path, 42, true);
    CHECK(j.resumed_records() == 3);
  }
  CHECK_THROWS_WITH(Journal(path, 43, true), Catch::Contains("different config"));
  {
    Journal fresh(path, 43, false);  // without --resume: starts over
    CHECK(fresh.resumed_records() == 0);
    fresh.remove();
  }
  CHECK_FALSE(fs::exists(path));
}

TEST_CASE("journal refuses to resume when an input file changed, naming it", "[io][journal]") {
  const auto path = temp_path("journal_inputs.bin");
  const std::vector<adm::io::InputDigest> inputs{{"data.csv", 11}, {"test.csv", 22}};
  {
    Journal j(path, 42, false, inputs);
    j.record("boot", 0, "1");
  }
  CHECK(Journal(path, 42, true, inputs).resumed_records() == 1);
  try {
    Journal(path, 42, true, {{"data.csv", 11}, {"test.csv", 23}});
    FAIL("resumed although test.csv changed");
  } catch (const adm::InputError& e) {
    CHECK_THAT(e.what(), Catch::StartsWith("test.csv: changed since the checkpoint " + path));
  }
  // A file the interrupted run did not read counts as changed too.
  CHECK_THROWS_WITH(Journal(path, 42, true, {{"data.csv", 11}, {"other.csv", 5}}),
                    Catch::StartsWith("other.csv: changed"));
  CHECK(Journal(path, 42, true, inputs).resumed_records() == 1);  // the checkpoint is kept
  fs::remove(path);
}

TEST_CASE("journal refuses --resume onto a header that is not its own, naming the file",
          "[io][journal]") {
  const auto path = temp_path("journal_header.bin");
  const std::vector<adm::io::InputDigest> inputs{{"data.csv", 11}};
  const auto write = [&](const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
  };
  const auto read = [&] {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  // Another program's file: refused, and left as it was.
  write("somebody's notes, not a checkpoint\n");
  CHECK_THROWS_WITH(Journal(path, 42, true, inputs),
                    Catch::StartsWith(path + ": not a usable checkpoint"));
  CHECK(read() == "somebody's notes, not a checkpoint\n");
  // A journal of this run whose magic was damaged.
  {
    Journal j(path, 42, false, inputs);
    j.record("boot", 0, "1");
    CHECK(j.held_records() == 1);
  }
  std::string bytes = read();
  bytes[0] = 'X';
  write(bytes);
  CHECK_THROWS_AS(Journal(path, 42, true, inputs), adm::InputError);
  // A header torn by a kill while it was written (any prefix of its own, also empty) held no
  // task: resuming starts afresh without complaint.
  bytes[0] = 'A';
  for (const std::size_t keep :
       {std::size_t{0}, std::size_t{5}, std::size_t{14}, std::size_t{20}}) {
    write(bytes.substr(0, keep));
    Journal j(path, 42, true, inputs);
    CHECK(j.resumed_records() == 0);
    CHECK(j.held_records() == 0);
  }
  // held_records counts the resumed tasks and the ones recorded since.
  write(bytes);
  {
    Journal j(path, 42, true, inputs);
    CHECK(j.held_records() == 1);
    j.record("boot", 1, "2");
    CHECK(j.held_records() == 2);
  }
  fs::remove(path);
}

TEST_CASE("digest_file tells files with other bytes apart", "[io][journal]") {
  const auto path = temp_path("digest.csv");
  { std::ofstream(path) << "a,b\n1,2\n"; }
  const auto before = adm::io::digest_file(path);
  { std::ofstream(path) << "a,b\n1,3\n"; }
  CHECK(before.path == path);
  CHECK(adm::io::digest_file(path).digest != before.digest);
  fs::remove(path);
}
