// libFuzzer target: the firmware's line reader and command parser, compiled
// for this machine from the same sources as the firmware. Whatever bytes
// arrive, a good line after them is still read, every line handed on is
// printable and within MAX_LINE, and a command the parser accepts is written
// back exactly as it came (the grammar has one spelling per command).
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "command.h"
#include "line_reader.h"

static void spell(const Command& c, char* out, size_t size) {
  const char colour = c.colour == YELLOW ? 'Y' : 'R';
  switch (c.kind) {
    case CMD_PING: snprintf(out, size, "PING"); break;
    case CMD_CLEAR: snprintf(out, size, "CLEAR"); break;
    case CMD_LEDOFF: snprintf(out, size, "LEDOFF"); break;
    case CMD_RESET: snprintf(out, size, "RESET"); break;
    case CMD_DROP: snprintf(out, size, "DROP %c %d", colour, c.column + 1); break;
    case CMD_LED:
      snprintf(out, size, "LED %c %d%d %d%d %d%d %d%d", colour, c.cells[0][0] + 1,
               c.cells[0][1] + 1, c.cells[1][0] + 1, c.cells[1][1] + 1, c.cells[2][0] + 1,
               c.cells[2][1] + 1, c.cells[3][0] + 1, c.cells[3][1] + 1);
      break;
    case CMD_INVALID: assert(false);
  }
}

static void check_line(const LineReader& reader) {
  assert(reader.length() >= 1 && reader.length() <= MAX_LINE);
  assert(strlen(reader.line()) == reader.length());
  for (size_t i = 0; i < reader.length(); i++) {
    assert(reader.line()[i] >= 0x20 && reader.line()[i] <= 0x7e);
  }
  Command command = parse_command(reader.line());
  if (command.kind == CMD_INVALID) {
    assert(command.problem != nullptr && strlen(command.problem) < 40);
    return;
  }
  char spelled[80];
  spell(command, spelled, sizeof spelled);
  assert(strcmp(spelled, reader.line()) == 0);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  LineReader reader;
  for (size_t i = 0; i < size; i++) {
    if (reader.feed(data[i]) == LINE_READY) check_line(reader);
  }
  // The next good line survives whatever came before.
  static const char next[] = "\nDROP R 7\n";
  LineEvent last = LINE_NONE;
  for (const char* c = next; *c; c++) last = reader.feed(static_cast<uint8_t>(*c));
  assert(last == LINE_READY && strcmp(reader.line(), "DROP R 7") == 0);
  Command command = parse_command(reader.line());
  assert(command.kind == CMD_DROP && command.colour == RED && command.column == 6);
  return 0;
}
