// The robot's mechanics around the emulated Uno: the carriage on its rail,
// the magazines and their gates, the chute's light barrier, the grid and
// its bottom bar, the WS2812 strip. It follows the firmware's output pins
// and drives its input pins, in the emulated chip's time.
#ifndef C4EMU_WORLD_H
#define C4EMU_WORLD_H

#include <simavr/sim_avr.h>
#include <stdbool.h>
#include <stdio.h>

#define COLUMNS 7
#define ROWS 6

// Where things are, as built. The firmware's config.h is calibrated to
// these, as a builder calibrates a real robot (docs/robot.md).
#define SWITCH_AT 0          // the home switch closes at or left of this step
#define HARD_STOP (-60)      // the carriage cannot go further left
#define RAIL_END 5200        // nor further right
#define COLUMN1_AT 440       // the chute is over column 1's centre here
#define COLUMN_PITCH 680     // steps between two columns' centres
#define ALIGN_TOLERANCE 120  // off by more, the coin lands on a divider
#define COINS_PER_COLOUR 21

struct world {
  avr_t* avr;
  FILE* events;  // where events are reported, one per line
  // The carriage.
  long position;
  bool direction_right;
  bool enabled;
  // The coins.
  int magazine[2];   // coins left per colour (0 yellow, 1 red)
  bool held_empty[2];  // staff emptied it: released coins do not return
  int grid[COLUMNS][ROWS + 1];  // 0 empty, 1 yellow, 2 red; bottom first
  int height[COLUMNS];
  int in_flight;     // coins falling
  bool jam_next;     // the next coin sticks in the chute
  int stuck;         // colour+1 of a coin stuck in the chute, or 0
  bool covered;      // something covers the light barrier
  bool barrier_broken;
  int spilled;       // coins that missed the grid
  bool button;       // the staff's resume button is held
  bool resetting;
  unsigned char wired_mask[3], wired_value[3];  // ports B, C, D: what drives the inputs
  // The lights: the WS2812 bits as they come, and the last frame.
  avr_cycle_count_t led_rise, led_fall;
  bool led_high;
  unsigned char led_bits[42 * 3];
  int led_count;  // bits received in this frame
  char leds[COLUMNS * ROWS + 1];  // row by row from the bottom: '.', 'Y', 'R', '?'
};

void world_attach(struct world* w, avr_t* avr, FILE* events);
// The inputs as they are now (after a reset the chip reads them again).
void world_drive_inputs(struct world* w);
// After the chip was reset.
void world_after_reset(struct world* w);
// Called often: ends a WS2812 frame after the strip's latch time.
void world_poll(struct world* w);
// One control line from the test or the person at the terminal; false if
// it was not understood.
bool world_control(struct world* w, const char* line);
void world_report_grid(struct world* w);
void world_report_leds(struct world* w);

#endif
