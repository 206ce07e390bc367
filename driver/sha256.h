// SHA-256 (FIPS 180-4), for the output manifest: it tells a file clusterc wrote from one a person
// changed since. Incremental, so files are hashed as they stream to disk.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace clusterc {

class Sha256 {
 public:
  Sha256();
  void Update(std::string_view data);
  // The digest as 64 lowercase hex digits; the object is spent afterwards.
  std::string HexDigest();

 private:
  void Block(const unsigned char* block);
  std::array<uint32_t, 8> state_;
  std::array<unsigned char, 64> buffer_{};
  size_t buffered_ = 0;
  uint64_t length_ = 0;  // bytes hashed so far
};

inline std::string Sha256Hex(std::string_view data) {
  Sha256 h;
  h.Update(data);
  return h.HexDigest();
}

}  // namespace clusterc
