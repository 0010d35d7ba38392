// The robot's wiring, mechanics and timings: the one file to change for
// another robot or board. Every length is in steps of the carriage's
// stepper driver, every time in milliseconds unless its name says _US.
#ifndef C4ROBOT_CONFIG_H
#define C4ROBOT_CONFIG_H

// --- The serial link -------------------------------------------------------
// The bridge's `baud` must match. `make BAUD=9600` builds another speed.
#ifndef BAUD
#define BAUD 115200
#endif

// --- Pins (Arduino Uno numbering; D0 and D1 are the USB serial line) -------
#define PIN_STEP 2          // stepper driver STEP (a rising edge is one step)
#define PIN_DIR 3           // stepper driver DIR (HIGH: away from home)
#define PIN_ENABLE 4        // stepper driver ENABLE, active LOW
#define PIN_HOME 5          // home switch at the left end, closes to GND
#define PIN_GATE_YELLOW 6   // yellow magazine's gate solenoid (HIGH: open)
#define PIN_GATE_RED 7      // red magazine's gate solenoid (HIGH: open)
#define PIN_COIN 8          // light barrier in the chute, LOW while a coin breaks it
#define PIN_EMPTY_YELLOW 9  // yellow magazine's last-coin switch, closes to GND when empty
#define PIN_EMPTY_RED 10    // red magazine's last-coin switch, closes to GND when empty
#define PIN_RELEASE 11      // bottom bar's solenoid: HIGH releases every coin
#define PIN_LEDS 12         // WS2812 data in (one pixel per cell)
#define PIN_RESUME_BUTTON A0  // the staff's "fault fixed" button, closes to GND
// Timer1 wakes the chip for the carriage's next step (idle.cpp): no PWM on
// D9 and D10, which are inputs here.

// --- The carriage ---------------------------------------------------------
// Steps from the home switch to the chute over column 1, and between two
// columns' centres. Calibrate as docs/robot.md says.
#define COLUMN1_STEPS 400L
#define STEPS_PER_COLUMN 680L
// Speeds in steps per second, acceleration in steps per second squared.
#define MAX_SPEED 3000.0
#define START_SPEED 300.0
#define ACCELERATION 9000.0
#define HOMING_SPEED 1500.0
// Homing gives up after this many steps without the switch: more than the
// whole rail.
#define HOMING_MAX_STEPS 7000L
// Steps back off the switch after it closed, to settle at zero.
#define HOMING_BACKOFF 40L

// --- Coins ----------------------------------------------------------------
#define GATE_OPEN_MS 120      // how long a gate stays open to let one coin go
#define COIN_TIMEOUT_MS 800   // from the gate opening to the coin past the barrier
#define COIN_SETTLE_MS 250    // from the barrier to the coin at rest in the grid
#define RELEASE_OPEN_MS 1500  // how long the bottom bar stays open
#define RELEASE_SETTLE_MS 300 // after it closed
#define ROWS 6
#define COLUMNS 7

// --- Lights ---------------------------------------------------------------
// Pixel index of the cell (column c, row r), both from 0: here a strip
// laid row by row from the bottom left, every row left to right.
#define PIXEL_OF(c, r) ((r) * COLUMNS + (c))
#define PIXELS (ROWS * COLUMNS)
// The two colours (0..255 per channel): bright enough to read, within a
// 5 V / 2 A supply for four lit cells.
#define YELLOW_RGB 160, 110, 0
#define RED_RGB 180, 0, 0

// --- Watchdog -------------------------------------------------------------
// The loop never waits; a hang longer than this restarts the board.
#define WATCHDOG WDTO_500MS

#endif
