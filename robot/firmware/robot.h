// The robot's side of c4robot/1 (docs/robot-protocol.md): one command at
// a time, every motion a job that loop() advances without waiting, so the
// serial line is read even while the carriage moves.
#ifndef C4ROBOT_ROBOT_H
#define C4ROBOT_ROBOT_H

#include <Arduino.h>

#include "carriage.h"
#include "command.h"
#include "leds.h"
#include "line_reader.h"

class Robot {
 public:
  void begin(bool watchdog_restart);
  void update();
  // Microseconds until update() has work that no interrupt announces (the
  // carriage's next step); the loop may sleep that long.
  unsigned long us_until_due() const { return carriage_.us_to_next_step(); }

 private:
  enum State : uint8_t { BUSY, IDLE, FAULT };
  enum Job : uint8_t {
    NO_JOB,
    HOMING,
    TO_COLUMN,
    GATE_OPEN,
    COIN_FALLING,
    COIN_SETTLING,
    RELEASE_OPEN,
    RELEASE_SETTLING,
  };

  void read_serial();
  void on_line(LineEvent event);
  void on_command(const Command& command);
  void start_drop(const Command& command);
  void advance_job();
  void finish();
  void fail(const __FlashStringHelper* code_and_text);
  void check_fault_cleared();
  void send_state();
  void send(const __FlashStringHelper* line);

  LineReader reader_;
  Carriage carriage_;
  Leds leds_;
  State state_ = BUSY;
  Job job_ = NO_JOB;
  unsigned long job_since_ = 0;
  Colour colour_ = YELLOW;
  uint8_t column_ = 0;
  bool coin_seen_ = false;
  uint8_t coins_[7] = {0};
  const __FlashStringHelper* fault_ = nullptr;
  bool resume_was_down_ = false;
};

#endif
