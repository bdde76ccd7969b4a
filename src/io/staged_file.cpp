#include "io/staged_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>

#include "core/error.hpp"
#include "core/termination.hpp"

namespace adm::io {

bool is_out_of_space(int error) {
  return error == ENOSPC || error == EDQUOT || error == EFBIG || error == EIO;
}

std::string create_unique_temp(const std::string& final_path) {
  // O_EXCL makes the name ours alone; mode 0666 lets the umask decide, as for any other file
  // (mkstemp would leave results readable by their owner only).
  static std::atomic<unsigned> serial{0};
  std::random_device random;
  for (int attempt = 0;; ++attempt) {
    char tag[32];
    std::snprintf(tag, sizeof tag, ".%d-%u-%08x.tmp", static_cast<int>(::getpid()), serial++,
                  static_cast<unsigned>(random()));
    const std::string name = final_path + tag;
    const int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) {
      ::close(fd);
      return name;
    }
    if (errno == EEXIST && attempt < 100) continue;
    // The message names the file the user asked for: the temporary name means nothing to them.
    const std::string why =
        final_path + ": cannot write a file in its folder: " + std::string(std::strerror(errno));
    if (is_out_of_space(errno)) throw InternalError(why);
    throw InputError(why);
  }
}

void rename_into_place(const std::string& temp, const std::string& final_path) {
  std::error_code ec;
  std::filesystem::rename(temp, final_path, ec);
  // Named by the file the user asked for; the caller deletes the temporary file.
  if (ec)
    throw InternalError(final_path + ": cannot put the written file in place: " + ec.message());
}

StagedFile::StagedFile(std::string final_path, const std::string& content)
    : final_path_(std::move(final_path)),
      temp_path_(create_unique_temp(final_path_)),
      termination_slot_(delete_on_termination(temp_path_)) {
  int error = 0;
  std::FILE* out = std::fopen(temp_path_.c_str(), "wb");
  if (!out) error = errno;
  if (out && std::fwrite(content.data(), 1, content.size(), out) != content.size()) error = errno;
  if (out && std::fclose(out) != 0 && error == 0) error = errno;  // a full disk often shows here
  if (error != 0) {
    std::error_code ec;
    std::filesystem::remove(temp_path_, ec);
    temp_path_.clear();
    forget_on_termination(termination_slot_);
    throw InternalError(final_path_ + ": cannot write: " + std::strerror(error));
  }
}

StagedFile::StagedFile(StagedFile&& other) noexcept
    : final_path_(std::move(other.final_path_)),
      temp_path_(std::move(other.temp_path_)),
      termination_slot_(other.termination_slot_) {
  other.temp_path_.clear();
  other.termination_slot_ = -1;
}

StagedFile::~StagedFile() {
  forget_on_termination(termination_slot_);
  if (temp_path_.empty()) return;
  std::error_code ec;
  std::filesystem::remove(temp_path_, ec);
}

void StagedFile::publish() {
  rename_into_place(temp_path_, final_path_);
  temp_path_.clear();
  forget_on_termination(termination_slot_);
  termination_slot_ = -1;
}

}  // namespace adm::io
