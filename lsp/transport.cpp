#include "lsp/transport.h"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace clusterc::lsp {
namespace {

// The value of Content-Length in `header` (case-insensitive name, as HTTP); -1 when absent or
// not a number.
long long ContentLength(std::string_view header) {
  size_t pos = 0;
  while (pos < header.size()) {
    size_t end = header.find("\r\n", pos);
    if (end == std::string_view::npos) end = header.size();
    std::string_view line = header.substr(pos, end - pos);
    pos = end + 2;
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    std::string name(line.substr(0, colon));
    for (char& c : name) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (name != "content-length") continue;
    std::string_view value = line.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
    if (value.empty() || value.size() > 18) return -1;
    long long n = 0;
    for (char c : value) {
      if (c < '0' || c > '9') return -1;
      n = n * 10 + (c - '0');
    }
    return n;
  }
  return -1;
}

}  // namespace

bool Transport::Fill() {
  if (pos_ > 0 && pos_ == buffer_.size()) {
    buffer_.clear();
    pos_ = 0;
  }
  if (in_ < 0) return false;  // in memory: all of it is in the buffer already
  char chunk[65536];
  for (;;) {
    ssize_t n = ::read(in_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, size_t(n));
      return true;
    }
    if (n < 0 && errno == EINTR) continue;
    return false;
  }
}

Transport::Read Transport::Next(std::string& body) {
  // The header: up to the first blank line.
  size_t end;
  for (;;) {
    end = buffer_.find("\r\n\r\n", pos_);
    if (end != std::string::npos) break;
    if (buffer_.size() - pos_ > 8192) {  // no header is this long: drop it
      pos_ = buffer_.size();
      return Read::kBadHeader;
    }
    if (!Fill()) return Read::kEnd;
  }
  long long length = ContentLength(std::string_view(buffer_).substr(pos_, end - pos_));
  pos_ = end + 4;
  if (length < 0 || size_t(length) > kMaxMessageBytes) return Read::kBadHeader;
  while (buffer_.size() - pos_ < size_t(length))
    if (!Fill()) return Read::kEnd;
  body.assign(buffer_, pos_, size_t(length));
  pos_ += size_t(length);
  if (pos_ > (1u << 20)) {  // keep the buffer from growing without bound
    buffer_.erase(0, pos_);
    pos_ = 0;
  }
  return Read::kMessage;
}

bool Transport::Send(const std::string& body) {
  std::string message = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  if (out_ < 0) {
    sent_ += message;
    return true;
  }
  size_t done = 0;
  while (done < message.size()) {
    ssize_t n = ::write(out_, message.data() + done, message.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += size_t(n);
  }
  return true;
}

}  // namespace clusterc::lsp
