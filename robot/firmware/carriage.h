// The carriage on its rail: a stepper driver's STEP and DIR, a home switch
// at the left end, a trapezoidal speed profile. update() makes at most one
// step and returns at once, so the loop keeps reading the serial line
// while the carriage moves.
#ifndef C4ROBOT_CARRIAGE_H
#define C4ROBOT_CARRIAGE_H

#include <stdint.h>

class Carriage {
 public:
  void begin();
  // Starts moving towards the home switch; homed() once it closed.
  void home();
  // Starts moving to an absolute position in steps from home.
  void move_to(long target);
  // Call as often as possible.
  void update();
  bool moving() const { return mode_ != IDLE; }
  // Microseconds until update() has a step to make: 0 when one is due,
  // ULONG_MAX while the carriage stands.
  unsigned long us_to_next_step() const;
  bool homed() const { return homed_; }
  // Homing ran past HOMING_MAX_STEPS without the switch.
  bool failed() const { return failed_; }
  long position() const { return position_; }

 private:
  enum Mode : uint8_t { IDLE, SEEKING_HOME, BACKING_OFF, MOVING };
  void step(int8_t direction);
  void start(long target, Mode mode);
  float speed_for(long done, long to_go) const;

  Mode mode_ = IDLE;
  long position_ = 0;
  long target_ = 0;
  long start_ = 0;
  long homing_steps_ = 0;
  unsigned long last_step_us_ = 0;
  unsigned long interval_us_ = 0;
  bool homed_ = false;
  bool failed_ = false;
};

#endif
