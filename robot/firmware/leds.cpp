#include "leds.h"

#include <Arduino.h>
#include <string.h>

#include "config.h"

static_assert(PIXELS == 42, "the LED buffer holds 42 pixels");

void Leds::begin() {
  pinMode(PIN_LEDS, OUTPUT);
  digitalWrite(PIN_LEDS, LOW);
  clear();
  show();
}

void Leds::clear() { memset(grb_, 0, sizeof grb_); }

void Leds::set(uint8_t column, uint8_t row, Colour colour) {
  static const uint8_t rgb[2][3] = {{YELLOW_RGB}, {RED_RGB}};
  uint8_t* pixel = grb_ + 3 * PIXEL_OF(column, row);
  pixel[0] = rgb[colour][1];
  pixel[1] = rgb[colour][0];
  pixel[2] = rgb[colour][2];
}

// At 16 MHz one bit is 20 cycles (1.25 us): high for 6 cycles (0.375 us)
// for a 0, 12 cycles (0.75 us) for a 1, as the WS2812B's datasheet asks.
// The cycle counts are the reason this is assembly.
static void send(const uint8_t* data, uint16_t count, volatile uint8_t* port, uint8_t mask) {
  uint8_t hi = *port | mask;
  uint8_t lo = *port & ~mask;
  while (count--) {
    uint8_t byte = *data++;
    uint8_t bits = 8;
    asm volatile(
        "1:\n\t"
        "st %a[port], %[hi]\n\t"  // 2: high
        "nop\n\t"
        "nop\n\t"
        "nop\n\t"
        "sbrs %[byte], 7\n\t"     // a 1 skips the early low
        "st %a[port], %[lo]\n\t"  // a 0 goes low here
        "lsl %[byte]\n\t"
        "nop\n\t"
        "nop\n\t"
        "nop\n\t"
        "nop\n\t"
        "st %a[port], %[lo]\n\t"  // a 1 goes low here
        "nop\n\t"
        "nop\n\t"
        "nop\n\t"
        "dec %[bits]\n\t"
        "brne 1b\n\t"
        : [byte] "+r"(byte), [bits] "+r"(bits)
        : [port] "e"(port), [hi] "r"(hi), [lo] "r"(lo));
  }
}

void Leds::show() {
  volatile uint8_t* port = portOutputRegister(digitalPinToPort(PIN_LEDS));
  uint8_t mask = digitalPinToBitMask(PIN_LEDS);
  uint8_t saved = SREG;
  cli();
  send(grb_, sizeof grb_, port, mask);
  SREG = saved;
  // The strip latches after 50 us low (280 us for newer WS2812B).
  delayMicroseconds(300);
}
