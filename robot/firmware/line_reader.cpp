#include "line_reader.h"

LineEvent LineReader::feed(uint8_t byte) {
  if (done_) {
    // The caller has read the last line: start a new one.
    length_ = 0;
    text_[0] = 0;
    done_ = false;
  }
  if (byte == '\n') {
    LineEvent event = overlong_ ? LINE_OVERLONG : binary_ ? LINE_BINARY : LINE_READY;
    if (event == LINE_READY && length_ == 0) event = LINE_NONE;
    overlong_ = binary_ = false;
    text_[length_] = 0;
    done_ = true;
    if (event != LINE_READY) length_ = 0, text_[0] = 0;
    return event;
  }
  if (byte == '\r') return LINE_NONE;
  if (byte < 0x20 || byte > 0x7e) binary_ = true;
  if (length_ == MAX_LINE) {
    overlong_ = true;
    return LINE_NONE;
  }
  text_[length_++] = static_cast<char>(byte);
  return LINE_NONE;
}
