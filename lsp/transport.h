// JSON-RPC 2.0 framing of the Language Server Protocol: `Content-Length: N\r\n\r\n` then N bytes
// of JSON. Reads and writes whole messages on file descriptors; never throws.
#pragma once

#include <cstddef>
#include <string>

namespace clusterc::lsp {

// Largest message body accepted: a bigger Content-Length is a broken or hostile client.
inline constexpr size_t kMaxMessageBytes = 64u << 20;

class Transport {
 public:
  Transport(int in_fd, int out_fd) : in_(in_fd), out_(out_fd) {}
  // Over bytes in memory (the fuzz target): reads `input` then ends; what is sent is kept.
  explicit Transport(std::string input) : buffer_(std::move(input)) {}
  const std::string& Sent() const { return sent_; }

  enum class Read { kMessage, kEnd, kBadHeader };
  // The next message body. kEnd: the input closed (or a body was cut short). kBadHeader: the
  // header had no usable Content-Length; the header was skipped and reading may go on.
  Read Next(std::string& body);
  // Writes one framed message; false when the output is gone (the client died).
  bool Send(const std::string& body);

 private:
  bool Fill();              // reads more input; false at end of input
  int in_ = -1, out_ = -1;  // -1: in memory
  std::string buffer_, sent_;
  size_t pos_ = 0;
};

}  // namespace clusterc::lsp
