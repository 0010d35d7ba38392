// Reference firmware for a Connect Four robot speaking c4robot/1 over the
// Uno's USB serial line. Wiring, mechanics and timings: config.h. The
// protocol: docs/robot-protocol.md. Building, wiring, flashing: docs/robot.md.
#include <avr/wdt.h>

#include "config.h"
#include "idle.h"
#include "robot.h"

Robot robot;

void setup() {
  // Optiboot clears MCUSR and leaves the cause of the reset in r2; without
  // a bootloader (an emulator, an ISP-flashed board) MCUSR still has it.
  bool watchdog_restart = MCUSR & _BV(WDRF);
  MCUSR = 0;
  wdt_disable();
  idle_begin();
  robot.begin(watchdog_restart);
  wdt_enable(WATCHDOG);
}

void loop() {
  wdt_reset();
  robot.update();
  idle_for_at_most(robot.us_until_due());
}
