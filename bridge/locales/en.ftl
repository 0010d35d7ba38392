# The operator page (/operator), in the booth's language. Keys match the
# page's `data-t` attributes and the codes the bridge sends (a robot's
# `state-…` and `fault-…`, a refusal's `refusal-…`, a game's
# `result-…`). Every file has the keys of this one: the build fails
# otherwise.

title = Booth operator
alert = Sound an alert when the robot faults
robot = Robot
rebuild = Clear the grid and rebuild the game
test_leds = Test the LEDs
reset = Reset after an error
end_game = End the current game
cancel = Cancel
today = Today
events = Faults and refusals
settings = Settings
language = Language of the booth's screens
booth_name = The booth's name over the lobby (empty: the app's title)
levels = Levels the lobby offers
tuning = The booth's own tuning (empty: the level as it comes)
times = Times, in seconds
idle_ask_s = without a move before the page asks "still there?"
idle_free_s = without a move before the seat is freed
offer_s = a person waiting for an opponent is offered to the next visitors
demo_after_s = without a game before the robot plays itself
demo_levels = The robot playing itself
demo_first = First player
demo_second = Second player
robot_hints = Hints and the computer's expected line in robot games (with them a visitor can play perfectly)
save = Save and apply
undo = Undo my changes
games = Recent games
export = Export every game as CSV
log = Last commands and replies (time since the bridge started)
config = Everything else (changed in the config file, with a restart)
depth = depth
random_moves = % weak moves

state-connecting = connecting
state-ready = ready
state-working = placing a coin
state-fault = fault
state-disconnected = not connected
state-restoring = rebuilding the grid
on-port = on { $port }
placed = { $n ->
    [one] 1 coin placed
   *[other] { $n } coins placed
}
in-step = in step with the game
catching-up = { $n ->
    [one] catching up: 1 coin to place
   *[other] catching up: { $n } coins to place
}

fault-jammed = a coin is jammed
fault-magazine_empty = a magazine is empty
fault-grid_full = the robot says a column is full
fault-bad_command = the robot did not understand a command
fault-internal = the robot reported an internal fault
fault-not_answering = the robot does not answer
fault-lost = its port was lost

tally = { $games ->
    [one] 1 game
   *[other] { $games } games
} played, { $won } won by visitors, { $faults ->
    [one] 1 fault
   *[other] { $faults } faults
} of the robot
no-game = No game on the robot.
game = Now: { $who }, { $moves ->
    [0] no coin yet
    [one] 1 coin
   *[other] { $moves } coins
}{ $over ->
    [yes] , over
   *[no] {""}
}
versus = {" "}vs{" "}
seat-free = (seat free)
demo = Demo
computer-at = Computer ({ $level })

level-easy = Easy
level-medium = Medium
level-hard = Hard
level-perfect = Perfect
level-adaptive = Adaptive
level-random = Random
level-aggressive = aggressive
level-defensive = defensive
level-classic = Classic

result-first = { $name } won
result-second = { $name } won
result-draw = draw
result-left = someone left
result-idle = nobody moved
result-ended_by_staff = ended by staff
result-restarted = restarted
result-playing = playing
moves = { $n ->
    [one] 1 move
   *[other] { $n } moves
}
faults = { $n ->
    [one] 1 fault
   *[other] { $n } faults
}
duration-seconds = { $s } s
duration-minutes = { $m } min { $s } s
no-events = None since the bridge started.
no-games = No games recorded yet.
robot-fault = robot fault: { $why }
robot-fault-storm = robot fault: { $why }, { $n } times in { $s } s
refused = refused: { $why }
refused-named = refused { $name }: { $why }

refusal-version = a page of an older version
refusal-bad_name = a name that is not allowed
refusal-name_taken = a name already taken
refusal-reserved_name = a name the booth keeps for itself
refusal-session_has_name = a second name for one visitor
refusal-session_change = a second visitor on one connection
refusal-bad_session = a broken session
refusal-hello_first = a page that did not say hello
refusal-token = a device without the station code
refusal-not_allowed = not allowed for this page
refusal-busy = the robot was playing another game
refusal-no_game = no game on
refusal-game_over = the game was over
refusal-not_your_turn = a move out of turn
refusal-waiting_for_opponent = a move before the opponent came
refusal-unknown_level = a level the booth does not offer
refusal-robot_busy = the robot was busy
refusal-illegal_move = a full or unknown column
refusal-bad_message = a message the booth does not understand
refusal-too_large = a message too large
refusal-binary = a binary message
refusal-rate_limited = too many messages

memory-only = Games are not being recorded ({ $why }): they are counted until the bridge stops, then lost.
records-lost = { $n ->
    [one] 1 record
   *[other] { $n } records
} could not be written since { $since }; the games went on unrecorded. Last: { $last }
records-deleted = At { $at } the records file { $path } was found deleted: its games were written back to it, and nothing is lost.
records-replaced = At { $at } the records file { $path } was found replaced by another file: that one is left alone, and the booth's games are kept in { $kept }.
confirm-end = End the game of { $who } now? They are told that the staff ended it, and the robot clears the grid.
confirm-end-yes = Yes, end the game
confirm-rebuild = Take every coin out of the grid and place the game's coins again? The game waits until the robot is done.
confirm-rebuild-yes = Yes, clear and rebuild
saved = Saved in { $file } (the file before: { $file }.previous). In effect now; a game on the robot keeps its levels until it ends.
not-saved = In effect now, until the bridge stops: it was started without --config, so there is no file to keep the settings in.
problems = Not saved, nothing changed:
no-level = Offer at least one level.
no-answer = The bridge does not answer; reconnecting …

tally-playing = { $n ->
    [one] ; 1 game on the robot now
   *[other] ; { $n } games not over
}
tuning-level = Level
tuning-preset = The level's own values are shown greyed in the empty fields.

# The robot's log: what the link noted, in the booth's language. The
# protocol's own words (DROP R 4, RECEIVED, JAM) stay as the robot speaks them.
log-opened = port { $port } opened
log-port_closed = the port closed
log-ready = the robot is ready
log-operator = staff: { $request }
log-done = { $command }: done in { $ms } ms
log-command_error = { $command }: the robot reports ERROR { $code } { $text }
log-idle_error = the robot reports ERROR { $code } { $text } with no command running
log-still_in_error = the robot is still in error: { $code } { $text }
log-no_received = { $command }: no RECEIVED, asking with PING
log-maybe_lost = { $command }: no RECEIVED, perhaps lost: the grid is rebuilt
log-resending = { $command }: lost, sent again
log-lost = { $command }: lost
log-no_ready = { $command }: no READY within { $ms } ms
log-late_reply = a late { $reply } from the robot, ignored
log-robot_says = the robot says: { $text }
log-unreadable = an unreadable line from the robot: { $why }
log-overlong = a line of more than { $max } bytes from the robot, ignored
log-dummy_shows = no robot connected (dummy): { $coins ->
    [one] 1 coin
   *[other] { $coins } coins
}
log-held = { $n ->
    [one] (and 1 more such line)
   *[other] (and { $n } more such lines)
}

# Fairness at the robot: the line, and phones the staff closed it to.
end_game_and_bar = End the game and bar its phones for today
lift_bars = Let barred phones play again
confirm-bar = End the game of { $who } and close the robot to their phones until midnight? They can still watch. The booth's own screens are never barred.
confirm-bar-yes = Yes, end and bar
fairness-line = { $n ->
    [0] Nobody waits in line for the robot.
    [one] One visitor waits in line for the robot.
   *[other] { $n } visitors wait in line for the robot.
}
fairness-barred = { $n ->
    [0] No phone is barred today.
    [one] One phone is barred for today.
   *[other] { $n } phones are barred for today.
}

# Reaching the page: the token asked once, and a warning off the booth's computer.
plain-http = This page reaches the bridge over plain HTTP: on an open Wi-Fi anyone nearby can read it, the operator token too. Use the booth's computer, or a network only the staff can join.
sign-in = Operator token (the bridge prints it when it starts; operator_token in bridge.toml)
sign-in-open = Open
sign-in-wrong = That is not this booth's operator token.

fame = Hall of fame on the spectator screen
fame-none = No visitor has beaten the computer today.
fame-entry = { $name } beat { $level } in { $moves } moves ({ $at })
fame-fastest = fastest
a-visitor = A visitor
fame-hide = Hide
fame-clear = Clear today's hall of fame
confirm-clear-fame = Take every game of today off the spectator screen?
confirm-clear-fame-yes = Yes, clear it
day = The day in pictures
day-date = Day
day-print = Print the day
day-games = Games begun, by hour
day-results = Visitors against the computer, by level
day-lengths = Games by length, in minutes
day-faults = Robot faults, by hour
day-minutes = The robot's time, in minutes
day-won = won
day-drawn = draw
day-lost = lost
day-unfinished = not finished
day-playing = playing
day-waiting = waiting
day-demo = demo
day-fault = fault
day-none = nothing recorded
day-summary = { $date }: { $games ->
    [one] 1 game
   *[other] { $games } games
}, { $faults ->
    [one] 1 fault
   *[other] { $faults } faults
}
