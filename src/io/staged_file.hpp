#pragma once
// Files that appear complete or not at all: written under a unique temporary name beside their
// final place, then renamed. Unique names keep two processes from truncating each other's
// half-written file; the rename is atomic within a folder.
#include <string>

namespace adm::io {

// Creates an empty file "<final_path>.<pid>-<serial>-<random>.tmp", a name no other process or
// object uses, and returns it.
std::string create_unique_temp(const std::string& final_path);

// Errors of a full disk (or quota, size limit, I/O failure): an environment failure (exit 1),
// unlike a path the user cannot write to (exit 2).
bool is_out_of_space(int error);

// Renames `temp` to `final_path`; throws InternalError with the OS message.
void rename_into_place(const std::string& temp, const std::string& final_path);

// A small text file (e.g. the SVG beside a result) staged under a unique temporary name. Every
// byte is written (and a full disk reported) by the constructor; publish() only renames, so a run
// can stage all its files first and publish them once every write succeeded.
class StagedFile {
 public:
  StagedFile(std::string final_path, const std::string& content);
  ~StagedFile();  // without publish(): deletes the temporary file
  StagedFile(StagedFile&& other) noexcept;
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;
  StagedFile& operator=(StagedFile&&) = delete;

  void publish();
  const std::string& path() const { return final_path_; }

 private:
  std::string final_path_;
  std::string temp_path_;      // empty once published or moved from
  int termination_slot_ = -1;  // the temporary file is deleted if the run is terminated
};

}  // namespace adm::io
