#include "world.h"

#include <simavr/avr_ioport.h>
#include <simavr/sim_cycle_timers.h>
#include <simavr/sim_io.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

// The firmware's pins (robot/firmware/config.h) as ports and bits.
#define STEP 'D', 2
#define DIR 'D', 3
#define ENABLE 'D', 4
#define HOME 'D', 5
#define GATE_YELLOW 'D', 6
#define GATE_RED 'D', 7
#define COIN 'B', 0
#define EMPTY_YELLOW 'B', 1
#define EMPTY_RED 'B', 2
#define RELEASE 'B', 3
#define LEDS 'B', 4
#define RESUME 'C', 0

// Times of the physical world, in microseconds.
#define GATE_TO_BARRIER_US 60000   // a released coin reaches the barrier
#define BARRIER_US 12000           // and breaks it this long
#define BARRIER_TO_REST_US 150000  // then comes to rest in the grid
#define RELEASE_US 400000          // the bottom bar open: the grid is empty
#define BUTTON_US 200000
// WS2812 at 16 MHz: a high shorter than this many cycles is a 0.
#define LED_ONE_CYCLES 9
#define LED_LATCH_CYCLES (50 * 16)

static avr_irq_t* pin(struct world* w, char port, int bit) {
  return avr_io_getirq(w->avr, AVR_IOCTL_IOPORT_GETIRQ(port), bit);
}

static void say(struct world* w, const char* format, ...) __attribute__((format(printf, 2, 3)));
static void say(struct world* w, const char* format, ...) {
  va_list args;
  va_start(args, format);
  vfprintf(w->events, format, args);
  va_end(args);
  fputc('\n', w->events);
  fflush(w->events);
}

static const char COLOUR[] = {'Y', 'R'};

// Drives an input pin. simavr sends a port's output value to all its pins
// whenever the firmware writes the port, input pins included, unless it is
// told what is wired to them (its "external" value): so both.
static void drive(struct world* w, char port, int bit, int value) {
  int i = port - 'B';
  if (w->resetting) value = !value;
  w->wired_mask[i] |= (unsigned char)(1 << bit);
  if (value) w->wired_value[i] |= (unsigned char)(1 << bit);
  else w->wired_value[i] &= (unsigned char)~(1 << bit);
  avr_ioport_external_t external = {.name = port, .mask = w->wired_mask[i], .value = w->wired_value[i]};
  avr_ioctl(w->avr, AVR_IOCTL_IOPORT_SET_EXTERNAL(port), &external);
  avr_raise_irq(pin(w, port, bit), value);
}

void world_after_reset(struct world* w) {
  // A reset clears the chip's PIN registers, but simavr passes on a pin's
  // level only when it changes: wiggle each input to put it back.
  w->resetting = true;
  world_drive_inputs(w);
  w->resetting = false;
  world_drive_inputs(w);
}

void world_drive_inputs(struct world* w) {
  drive(w, HOME, w->position <= SWITCH_AT ? 0 : 1);
  drive(w, COIN, (w->covered || w->barrier_broken) ? 0 : 1);
  drive(w, EMPTY_YELLOW, w->magazine[0] == 0 ? 0 : 1);
  drive(w, EMPTY_RED, w->magazine[1] == 0 ? 0 : 1);
  drive(w, RESUME, w->button ? 0 : 1);
}

// --- The carriage ---------------------------------------------------------

static void on_step(struct avr_irq_t* irq, uint32_t value, void* param) {
  struct world* w = param;
  (void)irq;
  if (!value || !w->enabled) return;
  long next = w->position + (w->direction_right ? 1 : -1);
  if (next < HARD_STOP || next > RAIL_END) return;  // the motor skips
  bool was_home = w->position <= SWITCH_AT;
  w->position = next;
  if (was_home != (w->position <= SWITCH_AT)) world_drive_inputs(w);
}

static void on_dir(struct avr_irq_t* irq, uint32_t value, void* param) {
  (void)irq;
  ((struct world*)param)->direction_right = value;
}

static void on_enable(struct avr_irq_t* irq, uint32_t value, void* param) {
  (void)irq;
  ((struct world*)param)->enabled = !value;
}

// --- Coins ----------------------------------------------------------------

struct falling {
  struct world* w;
  int colour;
  long position;  // the carriage's when the coin left the gate
};

// The column under the chute, or -1 when the coin hits a divider or
// misses the grid.
static int column_at(long position) {
  long offset = position - COLUMN1_AT + COLUMN_PITCH / 2;
  if (offset < 0) return -1;
  int column = (int)(offset / COLUMN_PITCH);
  long from_centre = labs(position - (COLUMN1_AT + column * COLUMN_PITCH));
  if (column >= COLUMNS || from_centre > ALIGN_TOLERANCE) return -1;
  return column;
}

static avr_cycle_count_t coin_at_rest(struct avr_t* avr, avr_cycle_count_t when, void* param) {
  struct falling* f = param;
  struct world* w = f->w;
  (void)avr;
  (void)when;
  w->in_flight--;
  int column = column_at(f->position);
  if (column < 0) {
    w->spilled++;
    say(w, "spilled %c (the chute was %ld steps from home, over no column)", COLOUR[f->colour],
        f->position);
  } else if (w->height[column] >= ROWS) {
    w->spilled++;
    say(w, "spilled %c (column %d is full)", COLOUR[f->colour], column + 1);
  } else {
    w->grid[column][w->height[column]++] = f->colour + 1;
    say(w, "coin %c %d", COLOUR[f->colour], column + 1);
  }
  free(f);
  return 0;
}

static avr_cycle_count_t barrier_clear(struct avr_t* avr, avr_cycle_count_t when, void* param) {
  struct falling* f = param;
  (void)when;
  f->w->barrier_broken = false;
  world_drive_inputs(f->w);
  avr_cycle_timer_register_usec(avr, BARRIER_TO_REST_US, coin_at_rest, f);
  return 0;
}

static avr_cycle_count_t barrier_broken(struct avr_t* avr, avr_cycle_count_t when, void* param) {
  struct falling* f = param;
  (void)when;
  f->w->barrier_broken = true;
  world_drive_inputs(f->w);
  avr_cycle_timer_register_usec(avr, BARRIER_US, barrier_clear, f);
  return 0;
}

static void release_coin(struct world* w, int colour) {
  if (w->magazine[colour] == 0 || w->stuck) return;
  w->magazine[colour]--;
  world_drive_inputs(w);
  if (w->jam_next) {
    w->jam_next = false;
    w->stuck = colour + 1;
    say(w, "jammed %c (the coin sticks in the chute above the barrier)", COLOUR[colour]);
    return;
  }
  struct falling* f = malloc(sizeof *f);
  *f = (struct falling){w, colour, w->position};
  w->in_flight++;
  avr_cycle_timer_register_usec(w->avr, GATE_TO_BARRIER_US, barrier_broken, f);
}

static void on_gate(struct avr_irq_t* irq, uint32_t value, void* param) {
  struct world* w = param;
  if (value) release_coin(w, irq == pin(w, GATE_RED) ? 1 : 0);
}

static avr_cycle_count_t grid_released(struct avr_t* avr, avr_cycle_count_t when, void* param) {
  struct world* w = param;
  (void)avr;
  (void)when;
  int count = 0;
  for (int c = 0; c < COLUMNS; c++) {
    for (int r = 0; r < w->height[c]; r++) {
      int colour = w->grid[c][r] - 1;
      // Back to the magazines (a return ramp, or the staff refilling).
      if (!w->held_empty[colour]) w->magazine[colour]++;
      w->grid[c][r] = 0;
      count++;
    }
    w->height[c] = 0;
  }
  world_drive_inputs(w);
  say(w, "released %d", count);
  return 0;
}

static void on_release(struct avr_irq_t* irq, uint32_t value, void* param) {
  struct world* w = param;
  (void)irq;
  if (value) avr_cycle_timer_register_usec(w->avr, RELEASE_US, grid_released, w);
}

// --- Lights ---------------------------------------------------------------

static void latch_leds(struct world* w) {
  if (w->led_count < 42 * 24) {
    if (w->led_count) say(w, "leds incomplete frame of %d bits", w->led_count);
    w->led_count = 0;
    return;
  }
  for (int i = 0; i < 42; i++) {
    // The strip is laid row by row from the bottom left.
    int g = w->led_bits[3 * i], r = w->led_bits[3 * i + 1], b = w->led_bits[3 * i + 2];
    char c = '?';
    if (r < 16 && g < 16 && b < 16) c = '.';
    else if (r > 64 && g > 48 && b < 16) c = 'Y';
    else if (r > 64 && g < 16 && b < 16) c = 'R';
    w->leds[i] = c;
  }
  w->led_count = 0;
  say(w, "lit %.42s", w->leds);
}

static void on_led(struct avr_irq_t* irq, uint32_t value, void* param) {
  struct world* w = param;
  (void)irq;
  avr_cycle_count_t now = w->avr->cycle;
  if (value && !w->led_high) {
    if (w->led_count && now - w->led_fall > LED_LATCH_CYCLES) latch_leds(w);
    w->led_rise = now;
  } else if (!value && w->led_high) {
    int bit = now - w->led_rise >= LED_ONE_CYCLES;
    if (w->led_count < 42 * 24) {
      int i = w->led_count / 8;
      w->led_bits[i] = (unsigned char)((w->led_bits[i] << 1) | bit);
    }
    w->led_count++;
    w->led_fall = now;
  }
  w->led_high = value;
}

void world_poll(struct world* w) {
  if (w->led_count && !w->led_high && w->avr->cycle - w->led_fall > LED_LATCH_CYCLES) latch_leds(w);
}

// --- Wiring and control ---------------------------------------------------

static void notify(struct world* w, char port, int bit, avr_irq_notify_t handler) {
  avr_irq_register_notify(pin(w, port, bit), handler, w);
}

void world_attach(struct world* w, avr_t* avr, FILE* events) {
  memset(w, 0, sizeof *w);
  w->avr = avr;
  w->events = events;
  // Power-on: the carriage wherever it was left, mid-rail.
  w->position = 2000;
  w->enabled = true;  // the driver's ENABLE is low unless the chip says otherwise
  w->magazine[0] = w->magazine[1] = COINS_PER_COLOUR;
  memset(w->leds, '.', COLUMNS * ROWS);
  notify(w, STEP, on_step);
  notify(w, DIR, on_dir);
  notify(w, ENABLE, on_enable);
  notify(w, GATE_YELLOW, on_gate);
  notify(w, GATE_RED, on_gate);
  notify(w, RELEASE, on_release);
  notify(w, LEDS, on_led);
  world_drive_inputs(w);
}

static avr_cycle_count_t button_up(struct avr_t* avr, avr_cycle_count_t when, void* param) {
  struct world* w = param;
  (void)avr;
  (void)when;
  w->button = false;
  world_drive_inputs(w);
  return 0;
}

static int colour_of(const char* word) {
  if (!strcmp(word, "Y")) return 0;
  if (!strcmp(word, "R")) return 1;
  return -1;
}

void world_report_grid(struct world* w) {
  char line[80] = "grid";
  for (int c = 0; c < COLUMNS; c++) {
    strcat(line, " ");
    if (!w->height[c]) strcat(line, ".");
    for (int r = 0; r < w->height[c]; r++) strncat(line, &COLOUR[w->grid[c][r] - 1], 1);
  }
  say(w, "%s", line);
}

void world_report_leds(struct world* w) { say(w, "leds %.42s", w->leds); }

bool world_control(struct world* w, const char* line) {
  char word[16] = "", arg[16] = "";
  if (sscanf(line, "%15s %15s", word, arg) < 1) return false;
  int colour = colour_of(arg);
  if (!strcmp(word, "grid")) {
    world_report_grid(w);
  } else if (!strcmp(word, "leds")) {
    world_report_leds(w);
  } else if (!strcmp(word, "state")) {
    say(w, "state time %.3f position %ld magazines %d %d stuck %d covered %d spilled %d", (double)w->avr->cycle / 16e6, w->position,
        w->magazine[0], w->magazine[1], w->stuck, w->covered, w->spilled);
  } else if (!strcmp(word, "jam")) {
    w->jam_next = true;
    say(w, "ok the next coin will stick");
  } else if (!strcmp(word, "unjam")) {
    if (w->stuck) w->magazine[w->stuck - 1]++;
    w->stuck = 0;
    w->jam_next = false;
    world_drive_inputs(w);
    say(w, "ok the chute is clear");
  } else if (!strcmp(word, "cover") || !strcmp(word, "uncover")) {
    w->covered = !strcmp(word, "cover");
    world_drive_inputs(w);
    say(w, "ok barrier %s", w->covered ? "covered" : "uncovered");
  } else if (!strcmp(word, "empty") && colour >= 0) {
    w->magazine[colour] = 0;
    w->held_empty[colour] = true;
    world_drive_inputs(w);
    say(w, "ok magazine %c empty", COLOUR[colour]);
  } else if (!strcmp(word, "fill") && colour >= 0) {
    w->magazine[colour] = COINS_PER_COLOUR;
    w->held_empty[colour] = false;
    world_drive_inputs(w);
    say(w, "ok magazine %c filled", COLOUR[colour]);
  } else if (!strcmp(word, "button")) {
    w->button = true;
    world_drive_inputs(w);
    avr_cycle_timer_register_usec(w->avr, BUTTON_US, button_up, w);
    say(w, "ok button pressed");
  } else {
    return false;
  }
  return true;
}
