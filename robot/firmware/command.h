// The host's commands (docs/robot-protocol.md) parsed from one line. Plain
// C++ without the Arduino core, so it is fuzzed on the host too.
#ifndef C4ROBOT_COMMAND_H
#define C4ROBOT_COMMAND_H

#include <stdint.h>

enum CommandKind : uint8_t {
  CMD_INVALID,
  CMD_PING,
  CMD_DROP,
  CMD_CLEAR,
  CMD_LED,
  CMD_LEDOFF,
  CMD_RESET,
};

enum Colour : uint8_t { YELLOW = 0, RED = 1 };

struct Command {
  CommandKind kind;
  Colour colour;        // DROP and LED
  uint8_t column;       // DROP: 0..6
  uint8_t cells[4][2];  // LED: column 0..6, row 0..5 (0 at the bottom)
  const char* problem;  // CMD_INVALID: why, in a few words
};

// Parses a line without its end. Exactly one space between words, upper
// case, nothing before or after.
Command parse_command(const char* line);

#endif
