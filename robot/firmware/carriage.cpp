#include "carriage.h"

#include <Arduino.h>
#include <limits.h>
#include <math.h>

#include "config.h"

void Carriage::begin() {
  pinMode(PIN_STEP, OUTPUT);
  pinMode(PIN_DIR, OUTPUT);
  pinMode(PIN_ENABLE, OUTPUT);
  pinMode(PIN_HOME, INPUT_PULLUP);
  digitalWrite(PIN_ENABLE, LOW);
}

void Carriage::home() {
  homed_ = false;
  failed_ = false;
  homing_steps_ = 0;
  mode_ = SEEKING_HOME;
  interval_us_ = (unsigned long)(1e6 / HOMING_SPEED);
  last_step_us_ = micros();
}

void Carriage::move_to(long target) {
  if (target == position_) return;
  start(target, MOVING);
}

void Carriage::start(long target, Mode mode) {
  mode_ = mode;
  target_ = target;
  start_ = position_;
  interval_us_ = (unsigned long)(1e6 / START_SPEED);
  last_step_us_ = micros();
}

// The speed allowed after `done` steps with `to_go` left: accelerating
// from START_SPEED, capped at MAX_SPEED, and slow enough to stop in time.
float Carriage::speed_for(long done, long to_go) const {
  long ramp = done < to_go ? done : to_go;
  float v = sqrt(START_SPEED * START_SPEED + 2.0 * ACCELERATION * (float)ramp);
  return v < MAX_SPEED ? v : MAX_SPEED;
}

void Carriage::step(int8_t direction) {
  digitalWrite(PIN_DIR, direction > 0 ? HIGH : LOW);
  digitalWrite(PIN_STEP, HIGH);
  delayMicroseconds(2);  // the drivers' shortest pulse is 1 us (A4988, DRV8825: 1.9 us)
  digitalWrite(PIN_STEP, LOW);
  position_ += direction;
}

unsigned long Carriage::us_to_next_step() const {
  if (mode_ == IDLE) return ULONG_MAX;
  unsigned long since = micros() - last_step_us_;
  return since >= interval_us_ ? 0 : interval_us_ - since;
}

void Carriage::update() {
  if (mode_ == IDLE) return;
  unsigned long now = micros();
  if (now - last_step_us_ < interval_us_) return;
  last_step_us_ = now;
  switch (mode_) {
    case SEEKING_HOME:
      if (digitalRead(PIN_HOME) == LOW) {
        position_ = 0;
        start(HOMING_BACKOFF, BACKING_OFF);
        return;
      }
      if (++homing_steps_ > HOMING_MAX_STEPS) {
        failed_ = true;
        mode_ = IDLE;
        return;
      }
      step(-1);
      return;
    case BACKING_OFF:
    case MOVING: {
      if (position_ == target_) {
        if (mode_ == BACKING_OFF) {
          position_ = 0;
          homed_ = true;
        }
        mode_ = IDLE;
        return;
      }
      int8_t direction = target_ > position_ ? 1 : -1;
      step(direction);
      long done = labs(position_ - start_);
      long to_go = labs(target_ - position_);
      interval_us_ = (unsigned long)(1e6 / speed_for(done, to_go));
      return;
    }
    case IDLE:
      return;
  }
}
