#include "robot.h"

#include "config.h"

namespace {

const uint8_t GATE[2] = {PIN_GATE_YELLOW, PIN_GATE_RED};
const uint8_t EMPTY[2] = {PIN_EMPTY_YELLOW, PIN_EMPTY_RED};

bool pressed(uint8_t pin) { return digitalRead(pin) == LOW; }

}  // namespace

void Robot::begin(bool watchdog_restart) {
  Serial.begin(BAUD);
  for (uint8_t pin : GATE) {
    pinMode(pin, OUTPUT);
    digitalWrite(pin, LOW);
  }
  pinMode(PIN_RELEASE, OUTPUT);
  digitalWrite(PIN_RELEASE, LOW);
  pinMode(PIN_COIN, INPUT_PULLUP);
  pinMode(PIN_EMPTY_YELLOW, INPUT_PULLUP);
  pinMode(PIN_EMPTY_RED, INPUT_PULLUP);
  pinMode(PIN_RESUME_BUTTON, INPUT_PULLUP);
  carriage_.begin();
  leds_.begin();
  send(F("# c4robot/1 reference firmware 1.0 for Arduino Uno"));
  if (watchdog_restart) send(F("# restarted by the watchdog"));
  // Not READY before the carriage knows where it is.
  state_ = BUSY;
  job_ = HOMING;
  carriage_.home();
}

void Robot::update() {
  read_serial();
  carriage_.update();
  advance_job();
  // The staff's button after fixing a fault; it counts once per press.
  bool down = pressed(PIN_RESUME_BUTTON);
  if (down && !resume_was_down_ && state_ == FAULT) {
    send(F("# resume button"));
    fault_ = nullptr;
    state_ = BUSY;
    job_ = HOMING;
    carriage_.home();
  }
  resume_was_down_ = down;
}

void Robot::read_serial() {
  // At most a line's worth per pass, so a flood cannot starve the motor.
  for (uint8_t n = 0; n <= MAX_LINE && Serial.available() > 0; n++) {
    LineEvent event = reader_.feed(static_cast<uint8_t>(Serial.read()));
    if (event != LINE_NONE) on_line(event);
  }
}

void Robot::send(const __FlashStringHelper* line) {
  Serial.print(line);
  Serial.print('\n');
}

void Robot::send_state() {
  if (state_ == FAULT) {
    Serial.print(F("ERROR "));
    send(fault_);
  } else if (state_ == BUSY) {
    send(F("BUSY"));
  } else {
    send(F("READY"));
  }
}

void Robot::on_line(LineEvent event) {
  if (state_ == FAULT) check_fault_cleared();
  if (event != LINE_READY) {
    // While busy or faulted the state line says the line changed nothing.
    if (state_ != IDLE) return send_state();
    return send(event == LINE_OVERLONG ? F("ERROR BADCMD line longer than 64 bytes")
                                       : F("ERROR BADCMD not printable ASCII"));
  }
  Command command = parse_command(reader_.line());
  if (command.kind == CMD_INVALID) {
    if (state_ != IDLE) return send_state();
    Serial.print(F("ERROR BADCMD "));
    Serial.print(command.problem);
    Serial.print('\n');
    return;
  }
  on_command(command);
}

void Robot::on_command(const Command& command) {
  if (command.kind == CMD_PING || state_ == BUSY) return send_state();
  if (command.kind == CMD_RESET) {
    send(F("RECEIVED"));
    if (state_ == IDLE) return send(F("READY"));
    // After a fault the carriage may have been pushed: find home again.
    fault_ = nullptr;
    state_ = BUSY;
    job_ = HOMING;
    carriage_.home();
    return;
  }
  if (state_ == FAULT) return send_state();
  switch (command.kind) {
    case CMD_DROP:
      return start_drop(command);
    case CMD_CLEAR:
      send(F("RECEIVED"));
      state_ = BUSY;
      digitalWrite(PIN_RELEASE, HIGH);
      job_ = RELEASE_OPEN;
      job_since_ = millis();
      return;
    case CMD_LED:
    case CMD_LEDOFF:
      send(F("RECEIVED"));
      leds_.clear();
      if (command.kind == CMD_LED) {
        for (const auto& cell : command.cells) leds_.set(cell[0], cell[1], command.colour);
      }
      leds_.show();
      return send(F("READY"));
    default:
      return send_state();
  }
}

void Robot::start_drop(const Command& command) {
  if (coins_[command.column] >= ROWS) {
    Serial.print(F("ERROR FULL column "));
    Serial.print(command.column + 1);
    Serial.print(F(" is full\n"));
    return;
  }
  if (pressed(EMPTY[command.colour])) {
    return fail(command.colour == YELLOW ? F("EMPTY yellow magazine is empty")
                                         : F("EMPTY red magazine is empty"));
  }
  if (pressed(PIN_COIN)) return fail(F("JAM the chute's light barrier is blocked"));
  send(F("RECEIVED"));
  state_ = BUSY;
  colour_ = command.colour;
  column_ = command.column;
  carriage_.move_to(COLUMN1_STEPS + STEPS_PER_COLUMN * column_);
  job_ = TO_COLUMN;
}

void Robot::advance_job() {
  unsigned long now = millis();
  switch (job_) {
    case NO_JOB:
      return;
    case HOMING:
      if (carriage_.failed()) return fail(F("INTERNAL home switch not found"));
      if (carriage_.homed()) finish();
      return;
    case TO_COLUMN:
      if (carriage_.moving()) return;
      digitalWrite(GATE[colour_], HIGH);
      job_ = GATE_OPEN;
      job_since_ = now;
      coin_seen_ = false;
      return;
    case GATE_OPEN:
    case COIN_FALLING:
      // The coin must break the barrier and leave it again.
      if (pressed(PIN_COIN)) coin_seen_ = true;
      if (job_ == GATE_OPEN && now - job_since_ >= GATE_OPEN_MS) {
        digitalWrite(GATE[colour_], LOW);
        job_ = COIN_FALLING;
      }
      if (coin_seen_ && !pressed(PIN_COIN)) {
        digitalWrite(GATE[colour_], LOW);
        coins_[column_]++;
        job_ = COIN_SETTLING;
        job_since_ = now;
      } else if (now - job_since_ >= COIN_TIMEOUT_MS) {
        digitalWrite(GATE[colour_], LOW);
        return fail(coin_seen_ ? F("JAM coin stuck in the light barrier")
                               : F("JAM no coin came down the chute"));
      }
      return;
    case COIN_SETTLING:
      if (now - job_since_ >= COIN_SETTLE_MS) finish();
      return;
    case RELEASE_OPEN:
      if (now - job_since_ < RELEASE_OPEN_MS) return;
      digitalWrite(PIN_RELEASE, LOW);
      job_ = RELEASE_SETTLING;
      job_since_ = now;
      return;
    case RELEASE_SETTLING:
      if (now - job_since_ < RELEASE_SETTLE_MS) return;
      memset(coins_, 0, sizeof coins_);
      finish();
      return;
  }
}

void Robot::finish() {
  job_ = NO_JOB;
  state_ = IDLE;
  send(F("READY"));
}

void Robot::fail(const __FlashStringHelper* code_and_text) {
  job_ = NO_JOB;
  state_ = FAULT;
  fault_ = code_and_text;
  Serial.print(F("ERROR "));
  send(code_and_text);
}

// An empty magazine is fixed by filling it: no RESET needed. A jam or an
// internal fault needs a person (RESET or the resume button).
void Robot::check_fault_cleared() {
  if (fault_ == nullptr) return;
  char code = pgm_read_byte(reinterpret_cast<const char*>(fault_));
  if (code == 'E' && !pressed(PIN_EMPTY_YELLOW) && !pressed(PIN_EMPTY_RED)) {
    fault_ = nullptr;
    state_ = IDLE;
  }
}
