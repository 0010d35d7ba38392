#include "idle.h"

#include <Arduino.h>
#include <avr/interrupt.h>
#include <avr/sleep.h>

namespace {

// Timer1 counts at F_CPU / 8: two ticks per microsecond, 32 ms a lap.
const unsigned long TICKS_PER_US = F_CPU / 8 / 1000000UL;
// Below this the alarm could pass before the sleep instruction.
const unsigned long SHORTEST_US = 8;

}  // namespace

// A one-shot alarm: its only work is to wake the chip.
ISR(TIMER1_COMPA_vect) { TIMSK1 &= ~_BV(OCIE1A); }

void idle_begin() {
  // The core's init() left Timer1 in 8-bit PWM at F_CPU / 64.
  TCCR1A = 0;
  TCCR1B = _BV(CS11);
  TIMSK1 = 0;
  set_sleep_mode(SLEEP_MODE_IDLE);
}

void idle_for_at_most(unsigned long us) {
  if (us < SHORTEST_US) return;
  cli();
  // A byte that came in after the loop read the line waits for no tick.
  if (Serial.available() > 0) {
    sei();
    return;
  }
  // Longer than this the millis() tick wakes the chip first anyway.
  if (us < 2000) {
    OCR1A = TCNT1 + static_cast<uint16_t>(us * TICKS_PER_US);
    TIFR1 = _BV(OCF1A);
    TIMSK1 |= _BV(OCIE1A);
  }
  sleep_enable();
  // The instruction after sei() runs before any interrupt: one that is
  // due already wakes the chip straight out of this sleep, none is lost.
  sei();
  sleep_cpu();
  sleep_disable();
}
