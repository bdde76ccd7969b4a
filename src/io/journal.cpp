#include "io/journal.hpp"

#include <unistd.h>

#include <array>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"

namespace adm::io {
namespace {

// Version 2 added the input digests to the header.
constexpr char kMagic[8] = {'A', 'D', 'M', 'J', 'R', 'N', 'L', '3'};  // 3: results as bytes
constexpr std::uint32_t kRecordMark = 0x7265636bU;                    // "reck"

void append(std::string& buf, const void* p, std::size_t n) {
  buf.append(static_cast<const char*>(p), n);
}

template <class T>
bool take(const std::string& buf, std::size_t& pos, T& out) {
  if (pos + sizeof(T) > buf.size()) return false;
  std::memcpy(&out, buf.data() + pos, sizeof(T));
  pos += sizeof(T);
  return true;
}

// Header after the magic: fingerprint, input count, then per input its path and digest.
std::string header(std::uint64_t fingerprint, const std::vector<InputDigest>& inputs) {
  std::string out(kMagic, sizeof kMagic);
  append(out, &fingerprint, sizeof fingerprint);
  const auto count = static_cast<std::uint32_t>(inputs.size());
  append(out, &count, sizeof count);
  for (const auto& in : inputs) {
    const auto len = static_cast<std::uint32_t>(in.path.size());
    append(out, &len, sizeof len);
    out += in.path;
    append(out, &in.digest, sizeof in.digest);
  }
  return out;
}

// Reads the input digests at `pos`; false if the header was cut short.
bool take_inputs(const std::string& buf, std::size_t& pos,
                 std::map<std::string, std::uint64_t>& out) {
  std::uint32_t count = 0;
  if (!take(buf, pos, count)) return false;
  for (std::uint32_t i = 0; i < count; ++i) {
    std::uint32_t len = 0;
    if (!take(buf, pos, len) || pos + len > buf.size()) return false;
    std::string path = buf.substr(pos, len);
    pos += len;
    if (!take(buf, pos, out[path])) return false;
  }
  return true;
}

}  // namespace

std::uint32_t crc32(const void* data, std::size_t size, std::uint32_t crc) {
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320U ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  crc = ~crc;
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < size; ++i) crc = table[(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
  return ~crc;
}

Journal::Journal(std::string path, std::uint64_t fingerprint, bool resume,
                 std::vector<InputDigest> inputs)
    : path_(std::move(path)) {
  std::size_t intact = 0;  // bytes of the file that hold whole, checksummed records
  bool reuse = false;
  if (resume && std::filesystem::exists(path_)) {
    std::string buf;
    if (std::FILE* in = std::fopen(path_.c_str(), "rb")) {
      char chunk[1 << 16];
      std::size_t n;
      while ((n = std::fread(chunk, 1, sizeof chunk, in)) > 0) buf.append(chunk, n);
      std::fclose(in);
    }
    std::size_t pos = 0;
    std::uint64_t stored = 0;
    std::map<std::string, std::uint64_t> stored_inputs;
    if (buf.size() >= sizeof kMagic && std::memcmp(buf.data(), kMagic, sizeof kMagic) == 0) {
      pos = sizeof kMagic;
      if (take(buf, pos, stored) && stored != fingerprint)
        throw InputError(path_ +
                         ": checkpoint was written by a different config or program "
                         "version; rerun without --resume to start over");
      reuse = pos == sizeof kMagic + sizeof stored && take_inputs(buf, pos, stored_inputs);
    }
    for (const auto& in : inputs) {
      const auto it = stored_inputs.find(in.path);
      if (reuse && (it == stored_inputs.end() || it->second != in.digest))
        throw InputError(in.path + ": changed since the checkpoint " + path_ +
                         " was written, so its results would mix old and new data; restore the "
                         "file, or rerun without --resume to start over");
    }
    // A header neither ours nor a torn copy of ours (a kill while it was written, or an empty
    // file) means the file is not this run's checkpoint: resuming must not silently recompute
    // over it (nor overwrite another program's file).
    const std::string head = header(fingerprint, inputs);
    if (!reuse && head.compare(0, buf.size(), buf) != 0)
      throw InputError(path_ +
                       ": not a usable checkpoint (its header is damaged or it is not an "
                       "admissible journal), so --resume cannot continue from it; delete it or "
                       "rerun without --resume to start over");
    intact = pos;
    // Records: mark, stage length, stage, index, size, the result's bytes, crc over everything
    // after mark.
    while (reuse) {
      std::size_t p = pos;
      std::uint32_t mark = 0, stage_len = 0, crc = 0;
      std::uint64_t index = 0, count = 0;
      if (!take(buf, p, mark) || mark != kRecordMark || !take(buf, p, stage_len)) break;
      if (p + stage_len > buf.size()) break;
      std::string stage = buf.substr(p, stage_len);
      p += stage_len;
      if (!take(buf, p, index) || !take(buf, p, count)) break;
      if (count > buf.size() - p) break;
      std::string values = buf.substr(p, count);
      p += count;
      const std::size_t body = pos + sizeof mark;
      if (!take(buf, p, crc) || crc != crc32(buf.data() + body, p - sizeof crc - body)) break;
      loaded_[stage][index] = std::move(values);
      ++resumed_;
      pos = intact = p;
    }
  }
  if (reuse) {
    // Drop a torn tail left by a kill mid-write, then append after the intact records.
    std::filesystem::resize_file(path_, intact);
    file_ = std::fopen(path_.c_str(), "ab");
  } else {
    file_ = std::fopen(path_.c_str(), "wb");
    const std::string head = header(fingerprint, inputs);
    if (file_ && std::fwrite(head.data(), 1, head.size(), file_) != head.size()) {
      std::fclose(file_);
      file_ = nullptr;
    }
  }
  if (!file_ || std::fflush(file_) != 0)
    throw InputError(path_ + ": cannot write checkpoint file: " + std::strerror(errno));
}

Journal::~Journal() {
  if (file_) std::fclose(file_);
}

std::map<std::size_t, std::string> Journal::completed(const std::string& stage) {
  auto it = loaded_.find(stage);
  return it == loaded_.end() ? std::map<std::size_t, std::string>{} : it->second;
}

void Journal::record(const std::string& stage, std::size_t index, const std::string& result) {
  std::string rec;
  const auto stage_len = static_cast<std::uint32_t>(stage.size());
  const std::uint64_t idx = index, count = result.size();
  append(rec, &kRecordMark, sizeof kRecordMark);
  append(rec, &stage_len, sizeof stage_len);
  rec += stage;
  append(rec, &idx, sizeof idx);
  append(rec, &count, sizeof count);
  append(rec, result.data(), result.size());
  const std::uint32_t crc = crc32(rec.data() + sizeof kRecordMark, rec.size() - sizeof kRecordMark);
  append(rec, &crc, sizeof crc);
  // One write per record and a flush: a kill loses at most the record being written.
  if (std::fwrite(rec.data(), 1, rec.size(), file_) != rec.size() || std::fflush(file_) != 0)
    throw InternalError(path_ + ": writing checkpoint failed: " + std::strerror(errno));
  ++recorded_;
}

void Journal::remove() {
  if (file_) std::fclose(file_);
  file_ = nullptr;
  std::error_code ec;
  std::filesystem::remove(path_, ec);
}

}  // namespace adm::io
