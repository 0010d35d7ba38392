// Collects serial bytes into lines. Plain C++ without the Arduino core, so
// the same code is fuzzed on the host (robot/fuzz/).
#ifndef C4ROBOT_LINE_READER_H
#define C4ROBOT_LINE_READER_H

#include <stddef.h>
#include <stdint.h>

// The protocol's longest line, without its end.
#define MAX_LINE 64

enum LineEvent : uint8_t {
  LINE_NONE,      // nothing complete yet
  LINE_READY,     // line() holds a line of printable ASCII
  LINE_OVERLONG,  // a line longer than MAX_LINE ended; it was dropped
  LINE_BINARY,    // a line with a byte that is not printable ASCII ended; dropped
};

class LineReader {
 public:
  // One byte in; what ended with it, if anything. A '\r' before the '\n'
  // is dropped; an empty line is no line.
  LineEvent feed(uint8_t byte);
  // The last complete line, NUL-terminated, valid until the next feed().
  const char* line() const { return text_; }
  size_t length() const { return length_; }

 private:
  char text_[MAX_LINE + 1] = {0};
  size_t length_ = 0;
  bool overlong_ = false;
  bool binary_ = false;
  bool done_ = false;
};

#endif
