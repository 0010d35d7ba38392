// One WS2812 pixel per cell. show() sends the whole strip with interrupts
// off (about 1.3 ms for 42 pixels): only called between RECEIVED and
// READY, when the host sends nothing, and never while the carriage moves.
#ifndef C4ROBOT_LEDS_H
#define C4ROBOT_LEDS_H

#include <stdint.h>

#include "command.h"

class Leds {
 public:
  void begin();
  void clear();
  // Cell (column, row), both from 0, row 0 at the bottom.
  void set(uint8_t column, uint8_t row, Colour colour);
  void show();

 private:
  uint8_t grb_[3 * 42] = {0};
};

#endif
