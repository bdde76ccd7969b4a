// The files around a result: its lock, uniquely named temporaries, staged side files, and a result
// file whose writes fail (issue 16 items 1 and 2).
#include <signal.h>
#include <sys/resource.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "io/output_lock.hpp"
#include "io/result_file.hpp"
#include "io/staged_file.hpp"

namespace fs = std::filesystem;
using adm::io::OutputLock;
using adm::io::ResultFile;
using adm::io::ResultReader;

namespace {

// A fresh, empty folder for one test.
fs::path fresh_folder(const char* name) {
  const auto dir = fs::temp_directory_path() / (std::string("adm_test_") + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::size_t files_in(const fs::path& dir) {
  return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), {}));
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Limits every file this process writes to `bytes` (writes beyond fail with EFBIG instead of
// raising SIGXFSZ), as a full disk would; restores the limit on scope exit.
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    getrlimit(RLIMIT_FSIZE, &saved_);
    old_handler_ = signal(SIGXFSZ, SIG_IGN);
    rlimit limited = saved_;
    limited.rlim_cur = bytes;
    setrlimit(RLIMIT_FSIZE, &limited);
  }
  ~FileSizeLimit() {
    setrlimit(RLIMIT_FSIZE, &saved_);
    signal(SIGXFSZ, old_handler_);
  }

 private:
  rlimit saved_{};
  void (*old_handler_)(int) = nullptr;
};

}  // namespace

TEST_CASE("a second lock on one result file is refused, naming it", "[io][lock]") {
  const auto dir = fresh_folder("lock");
  const std::string result = (dir / "r.h5").string();
  {
    OutputLock first(result);
    CHECK(fs::exists(result + ".lock"));
    try {
      OutputLock second(result);
      FAIL("the second lock was granted");
    } catch (const adm::InputError& e) {
      CHECK_THAT(e.what(), Catch::Contains(result + ": another admissible run"));
    }
  }
  CHECK_FALSE(fs::exists(result + ".lock"));  // released and removed
  OutputLock again(result);                   // free again
}

TEST_CASE("temporary names are unique and staged files appear only when published", "[io]") {
  const auto dir = fresh_folder("staged");
  const std::string target = (dir / "r.svg").string();
  const auto a = adm::io::create_unique_temp(target), b = adm::io::create_unique_temp(target);
  CHECK(a != b);
  CHECK(fs::exists(a));
  CHECK(fs::exists(b));
  CHECK(a.size() > 4);
  CHECK(a.substr(a.size() - 4) == ".tmp");
  fs::remove(a);
  fs::remove(b);
  {
    adm::io::StagedFile dropped(target, "<svg/>");
    CHECK(files_in(dir) == 1);
  }
  CHECK(files_in(dir) == 0);  // never published: nothing left
  adm::io::StagedFile kept(target, "<svg>kept</svg>");
  kept.publish();
  CHECK(read_text(target) == "<svg>kept</svg>");
  CHECK(files_in(dir) == 1);
}

TEST_CASE("two result files for one path do not write into each other", "[io][hdf5]") {
  const auto dir = fresh_folder("two_writers");
  const std::string path = (dir / "r.h5").string();
  {
    ResultFile first(path), second(path);
    first.write("/values", std::vector<double>{1.0, 2.0}, "First.", "1");
    second.write("/values", std::vector<double>{3.0}, "Second.", "1");
    first.commit();
    CHECK(ResultReader(path).doubles("/values") == std::vector<double>{1.0, 2.0});
    second.commit();
  }
  CHECK(ResultReader(path).doubles("/values") == std::vector<double>{3.0});
  CHECK(files_in(dir) == 1);
}

TEST_CASE("a result file that cannot be written fails cleanly and leaves nothing", "[io][hdf5]") {
  const auto dir = fresh_folder("full_disk");
  const std::string path = (dir / "r.h5").string();
  std::string message;
  {
    FileSizeLimit limit(16 * 1024);
    try {
      ResultFile file(path);
      file.write("/big", std::vector<double>(100000, 0.5), "More than the limit.", "1");
      file.commit();
    } catch (const adm::InternalError& e) {
      message = e.what();
    }
  }
  CHECK_THAT(message, Catch::Contains("File too large"));
  CHECK(files_in(dir) == 0);  // neither the result nor its temporary file
}
