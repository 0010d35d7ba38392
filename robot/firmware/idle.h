// Sleeping between the loop's passes. The chip has nothing to do between
// a carriage step and the next, or between two ticks of millis(): idle
// sleep keeps every timer and the UART running and wakes at the next
// interrupt, so a real board draws less, and an emulated one costs its
// host a fraction of a core instead of a whole one.
#ifndef C4ROBOT_IDLE_H
#define C4ROBOT_IDLE_H

#include <stdint.h>

// Takes Timer1 (free on this wiring: pins 9 and 10 are inputs) as the
// wake-up alarm. Call once, after the Arduino core's init().
void idle_begin();

// Sleeps until the next interrupt, and at most `us` microseconds: the
// millis() tick wakes the chip every 1.024 ms, a received byte at once.
// Returns at once when a received byte is still unread or `us` is too
// short to arm the alarm.
void idle_for_at_most(unsigned long us);

#endif
