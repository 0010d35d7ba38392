#include "command.h"

#include <string.h>

namespace {

// Whether `line` starts with `word` followed by a space or its end; moves
// `line` past them.
bool take(const char*& line, const char* word) {
  size_t n = strlen(word);
  if (strncmp(line, word, n) != 0) return false;
  if (line[n] == ' ') {
    line += n + 1;
    return true;
  }
  if (line[n] == 0) {
    line += n;
    return true;
  }
  return false;
}

bool colour(const char*& line, Colour& out) {
  if (take(line, "Y")) {
    out = YELLOW;
    return true;
  }
  if (take(line, "R")) {
    out = RED;
    return true;
  }
  return false;
}

Command invalid(const char* problem) {
  Command c;
  memset(&c, 0, sizeof c);
  c.kind = CMD_INVALID;
  c.problem = problem;
  return c;
}

}  // namespace

Command parse_command(const char* line) {
  Command c;
  memset(&c, 0, sizeof c);
  const char* rest = line;
  if (take(rest, "PING")) c.kind = CMD_PING;
  else if (take(rest, "CLEAR")) c.kind = CMD_CLEAR;
  else if (take(rest, "LEDOFF")) c.kind = CMD_LEDOFF;
  else if (take(rest, "RESET")) c.kind = CMD_RESET;
  else if (take(rest, "DROP")) {
    if (!colour(rest, c.colour)) return invalid("colour must be Y or R");
    if (rest[0] < '1' || rest[0] > '7' || rest[1] != 0) return invalid("column must be 1 to 7");
    c.kind = CMD_DROP;
    c.column = rest[0] - '1';
    return c;
  } else if (take(rest, "LED")) {
    if (!colour(rest, c.colour)) return invalid("colour must be Y or R");
    for (uint8_t i = 0; i < 4; i++) {
      char col = rest[0], row = rest[1];
      if (col < '1' || col > '7' || row < '1' || row > '6') return invalid("cell must be 11 to 76");
      char after = rest[2];
      if (i < 3 ? after != ' ' : after != 0) return invalid("LED takes four cells");
      c.cells[i][0] = col - '1';
      c.cells[i][1] = row - '1';
      rest += 3;
    }
    c.kind = CMD_LED;
    return c;
  } else {
    return invalid("unknown command");
  }
  if (rest[0] != 0 || (rest > line && rest[-1] == ' ')) return invalid("takes no arguments");
  return c;
}
