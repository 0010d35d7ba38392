# The interface in English. Each line is one text: its key, "=", the text.
# A translator copies this file to a new language code (fr.ftl, it.ftl …)
# and translates the text after each "=".

## Fixed texts

title = Connect Four
new-game = New game
undo = Undo
hint = Hint
settings = Settings
help = Help
close = Close
confirm-leave-robot = This ends your game on the robot. Go on?
level-fixed-on-robot = During a game on the robot its level stays as chosen.
confirm-new = End the game in progress and start a new one?
mode = Mode
vs-computer = Against the computer
hot-seat = Two players
demo = Computer against computer
level = Level
style = Style
defensive = defensive
normal = normal
aggressive = aggressive
starts = Who starts
me = Me
computer = Computer
random = Random
colours = Colours
animation = Animation
board-size = Board size
language = Language
high-contrast = High contrast
marks = Marks on the coins
fullscreen = Fullscreen
your-turn = Your turn
computer-thinking = The computer is thinking …
wins = wins
you-won = You won!
you-lost = The computer won.
draw = Draw.
play-again = Play again
column-full = This column is full.
not-your-turn = Wait, it is the computer's turn.
not-your-turn-yet = Wait, it is not your turn yet.
game-over-refused = The game is over.
nothing-to-undo = There is nothing to undo.
hint-too-deep = The perfect analysis did not finish in { $seconds } s: early on a larger board it rarely does. It works after a few more moves.
review-too-deep = The perfect analysis of this game did not finish in { $seconds } s: on a larger board its first moves take far longer.
book-missing = Opening book: not loaded yet (perfect play is slower in the opening).
broken-link = This link holds no position.
no-game-in-link = This link holds no game.
take-home = Take this game home
take-home-button = Take home
take-home-scan = Scan with your phone to see this game again, and where it was won and lost.
take-home-code = QR code of this game
watching = This screen only watches.
no-undo-on-robot = Moves on the robot cannot be taken back.
robot = Robot
robot-connecting = Connecting to the robot …
robot-ready = The robot is ready.
robot-working = The robot is placing the coin …
robot-clearing = The robot is emptying the board …
robot-fault = The robot is jammed – staff has been called. The game is kept.
robot-disconnected = The robot is not answering – staff has been called. The game is kept.
robot-restoring = The robot is back; the board is being restored …
robot-busy = The robot is busy with another game. You can watch.
robot-wait = One moment, the robot is still busy.
robot-busy-line = The robot is busy with another game. Get in line, or watch.
get-in-line = Get in line
others-first = Others are waiting for the robot and go first. Try again in a few minutes.
barred = The booth's staff have closed the robot to this device for today. You can still watch, and play here.
line-yours = The robot is free for you: start your game within a minute.
line-place = { $place ->
    [one] You are next in line for the robot.
   *[other] You are number { $place } in line for the robot.
}
line-waiting = { $count ->
    [one] One visitor is waiting in line.
   *[other] { $count } visitors are waiting in line.
}
turn-limit = A move at least every { $seconds } s, or the game ends and the robot goes to the next visitor.
need-token = This device needs the booth's code to play (QR code at the booth); it can watch.
name-rule = A name has 3 to 15 letters, digits, _ or -.
bridge-lost = Lost the connection to the robot – reconnecting …
still-there = Are you still there? Otherwise the game ends soon.
im-still-here = I'm still here
your-name = Your name
opponent = Opponent
computer-opponent = the computer
person-opponent = a person on another device
watch-robot = Watch
play-on-robot = Play on the robot
leave-robot = Leave the robot game
hint-waiting = Analysing (at most { $seconds } s) …
worker-failed = The computer could not move. Please reload.
thoughts = What the computer thinks
show-thinking = Thinking
spectator-screen = Spectator screen ↗
column = Column
row = Row
empty = empty
help-rules = Two players take turns dropping coins into the columns. The first to get four of their own in a row – across, up or diagonally – wins.
help-play = Tap a column or press its digit. Arrow keys pick a column, Enter drops.
about = Version
turn = to move
review-game = Review the game
game-review = Game review
play-on-from-here = Play on from here
# The button's own words, inside its name above (so speech control finds it).
play-on = Play on
searching = Searching …
real-search = Real search
minimax-teaching = Minimax (teaching)
how-it-thinks = How does the computer think?
search-tree = Search tree
fit = Fit
all = All
numbers = Numbers
tree-legend = Under each coin: its column, then its value for the computer (+ good for it, − bad; ≤ or ≥: only a bound, the search stopped early there). ▸ positions in a folded branch; ✂ moves cut off; TT: taken from the table of positions seen before.
zoom-in = Zoom in
zoom-out = Zoom out
yellow = yellow
red = red
blue = blue
green = green
easy = Easy
medium = Medium
hard = Hard
perfect = Perfect
adaptive = Adaptive
random-level = Random
reviewing = Reviewing the game (at most { $seconds } s) …
not-allowed = Only the person playing on the robot can do that.
no-robot-game = There is no game on the robot right now.
bridge-version = This page is older than the booth: please reload.
level-not-offered = The booth does not offer this level: please choose another.
bridge-refused = The booth refused the message. Please reload.
name-taken = Someone on the robot already has this name: please choose another.
name-reserved = The booth uses this name itself: please choose another.
device-has-name = This device already plays on the robot under another name.
waiting-for-opponent = Waiting for an opponent … Another visitor joins from their device.
computers-turn-wait = Wait, it is the computer's turn.
robot-jammed = A coin is jammed in the robot – staff has been called. The game is kept.
robot-empty = The robot has run out of coins – staff has been called. The game is kept.
robot-grid-full = The robot's board needs emptying – staff has been called. The game is kept.
robot-not-answering = The robot is not answering – staff has been called. The game is kept.
demo-running = The robot is playing itself: tap to play
play-here = Play here instead
lobby-title = Connect Four against the robot
lobby-intro = Enter your name, choose an opponent, and the robot drops the coins.
leave-question-computer = Leave the game against the computer?
leave-question = Leave the game? The other player will be told.
leave-yes = Leave
stay = Stay
back-to-lobby = Back to the lobby
join-with-phone = Play from your phone: scan the code.
sound = Sound
sound-on = Sound on
sound-off = Sound off
no-hints-on-robot = No hints on the robot: with them anyone could play perfectly. Games on this tablet have them.
other-wants-again = wants to play again.
explainer-1-heading = 1. Playing it all in its head
explainer-1 = Before the computer drops a coin, it tries every column in its head, then every answer you could give, then its answer to that … This makes a tree: the position now at the top, and every branch is one coin dropped, in that player's colour.
explainer-2-heading = 2. Guessing a score
explainer-2 = It has to stop somewhere. There it guesses how good the position is: twos and threes that can still become a four earn points, the opponent's cost points. A real four is worth infinitely much (∞).
explainer-3-heading = 3. Minimax
explainer-3 = Then the scores travel up. When the computer moves, it takes the biggest value. When you move, it assumes you find the move that is worst for it – the smallest. In the picture: move A is worth 3, because you would answer with the 3. That is the best value, so it plays A.
explainer-4-heading = 4. Alpha-beta: skip what cannot matter
explainer-4 = At move B, your first answer already scores 1. So B is worth at most 1 – worse than A's 3, whatever the other answers bring. It does not need to look at them at all: pruned (✂, dashed red). The result is exactly the same, only much faster.
explainer-5-heading = 5. Why so many positions?
explainer-5 = 7 columns, 7 answers, 7 answers to those: after 3 moves there are 343 positions, after 8 moves almost 6 million. Alpha-beta finds the same answer with a small fraction of them. Try “Minimax (teaching)” above: it says how much was saved. Positions reached by different orders of moves are remembered in a table (TT) by the perfect player.
explainer-6-heading = 6. Reading the tree
explainer-6 = The number under a coin is its value for that coin's player; ≥ and ≤ mean “at least” and “at most” (something was pruned there). The golden path is what the computer expects next. ▸ is a folded branch: tap to open it, double-tap to make it the root. Pointing at a node or pressing it long shows its position as a small board.

## Texts with numbers or names. A $variable is filled in by the app;
## a number chooses its plural form by the language's own rules.

# The sign between a number's whole part and its decimals.
decimal-sign = .
language-name = English
thought-wins-now = This move wins.
thought-wins-in = { $stones ->
    [one] I can win with one more coin.
   *[other] I can win with { $stones } more coins.
}
thought-loses-in = { $stones ->
    [one] If you play perfectly you win with one more coin.
   *[other] If you play perfectly you win with { $stones } more coins.
}
thought-draw = With best play on both sides this is a draw.
thought-must-block = I must block column { $column }.
thought-creates-threats = { $count ->
    [one] This move creates a threat.
   *[other] This move creates { $count } threats.
}
thought-every-other-move-loses = Every other move loses.
thought-unsolved = The perfect analysis was not done after { $seconds } s, so this move comes from my Hard search.
thought-random-move = I'll let you have a chance …
seen-wins-in = { $stones ->
    [one] The computer can win with one more coin.
   *[other] The computer can win with { $stones } more coins.
}
seen-loses-in = { $stones ->
    [one] With perfect play its opponent wins with one more coin.
   *[other] With perfect play its opponent wins with { $stones } more coins.
}
seen-must-block = The computer must block column { $column }.
seen-unsolved = The perfect analysis was not done after { $seconds } s, so this move comes from the computer's Hard search.
seen-random-move = The computer lets its opponent have a chance …
still-there-watch = No move for a while: the game ends soon.
demo-running-watch = The robot is playing itself until a visitor starts a game.
waiting-challenger = { $name } is waiting for an opponent on the robot. Play against { $name }?
watch-no-game = No game on the robot right now.
away-waits = { $name }’s page closed: the game waits { $seconds } s more.
play-against = Play against { $name }
searched = { $nodes ->
    [one] Column { $column } (depth { $depth }, { $nodes } position searched).
   *[other] Column { $column } (depth { $depth }, { $nodes } positions searched).
}
searched-known = Column { $column }: known from the database, without searching.
searched-solved = Column { $column }: solved to the end of the game ({ $nodes } positions searched).
search-line-solving = Solving to the end of the game · { $nodes } positions · { $speed } positions/s
search-line = Depth { $depth } · { $nodes } positions · { $speed } positions/s
search-line-best = Depth { $depth } · { $nodes } positions · { $speed } positions/s · best so far: column { $column } ({ $value })
your-turn-against = Your turn ({ $colour }) – { $level } ({ $style })
computer-thinking-at = The computer is thinking … – { $level } ({ $style })
to-move = { CAPITAL($colour) } to move
colour-wins = { CAPITAL($colour) } wins!
level-classic = Classic { $depth }
cell = Row { $row }, column { $column }: { $owner }
column-button = Column { $column }
perfect-note = On { $columns } × { $rows } Perfect plays its best search within { $seconds } s.
colour-menu = Colours { $player }
value-draw = draw
value-wins-now = wins now
value-wins-in = wins in { $moves } moves
value-loses-at-once = loses at once
value-loses-in = loses in { $moves } moves
rank-wins = wins
rank-best = best
rank-good = good
rank-weaker = weaker
rank-poor = poor
rank-loses = loses
database-loading = Perfect play: loading { $loaded } MB
database-loading-of = Perfect play: loading { $loaded } of { $total } MB
database-ready = Position database: all { $positions } positions of 12 stones are here, so on 7 × 6 perfect play and hints answer at once, offline too.
database-coming = Position database: loading. Until it is here, perfect play can take some seconds.
database-missing = Position database: not available. Perfect play still works, only slower in the opening.
book-ready = Opening book: every position up to { $depth } stones ({ $positions } positions), perfect play there at once.
review-best = best
review-good = good
review-mistake-win = mistake: column { $column } would have kept the win
review-mistake-draw = mistake: column { $column } would have kept the draw
reviewed = { $number }. { CAPITAL($colour) }, column { $column }: { $mark }
decided = Decided by move { $number }: { CAPITAL($colour) }'s mistake.
decided-from-start = No mistake: the result was fixed from the first move.
tree-caption = Depth { $depth }: { $nodes ->
    [one] { $nodes } position
   *[other] { $nodes } positions
}, { $pruned ->
    [one] { $pruned } move pruned
   *[other] { $pruned } moves pruned
}.
tree-caption-table = Depth { $depth }: { $nodes ->
    [one] { $nodes } position
   *[other] { $nodes } positions
}, { $pruned ->
    [one] { $pruned } move pruned
   *[other] { $pruned } moves pruned
}, { $table } from the table (TT).
minimax-working = Working out minimax …
minimax-caption = Minimax, depth { $depth }: { $minimax } positions. Alpha-beta to the same depth needs { $alphabeta } – { $saved } % saved.
tree-node = { $node }: { $value }
tree-node-root = root
tree-node-column = column { $column }
tree-node-folded = { $count ->
    [one] { $count } node folded
   *[other] { $count } nodes folded
}
tree-node-pruned = { $count ->
    [one] { $count } move pruned
   *[other] { $count } moves pruned
}
tree-node-from-table = from the table
a-player = A player
someone = Someone
notice-player-left = { $name } left the game; the robot is free.
notice-ended-by-staff = The game was ended by the booth's staff. The robot is free.
notice-restarted = { $name } started a new game; you are watching now.
notice-ended-idle = The game ended: nobody moved for a while. The robot is free.
notice-no-opponent = Nobody took up the challenge in time. The robot is free.
version = Version { $version } · MIT
caption-solving = The computer is solving the game to its end: { $nodes } positions so far.
caption-thinking = The computer is thinking { $depth } moves ahead: it has looked at { $nodes } positions so far. Each coin in the tree is one of them.
caption-wins-now = Column { $column } makes four in a row: the computer wins!
caption-wins = It sees a certain win with { $stones ->
    [one] one more coin
   *[other] { $stones } more coins
} of its own, whatever the opponent does. The golden path shows how that win begins.
caption-blocks = The opponent threatened four in a row in column { $blocked }: the computer blocks it. It looked at { $nodes } positions.
caption-loses = It sees that a perfect opponent could win with { $stones ->
    [one] one coin
   *[other] { $stones } coins
} more. It chose column { $column }, the move that makes that hardest.
caption-draw = With perfect play on both sides this game ends in a draw. It chose column { $column } after looking at { $nodes } positions.
caption-random = This time it chose column { $column } at random, on purpose: at this level it sometimes plays a weak move, so that visitors can win.
caption-expects = The computer looked at { $nodes } positions and chose column { $column }. The golden path is the game it expects. Red scissors (✂) mark branches it cut off: they could not change its choice.
robot-you-won = You won against { $name }!
robot-you-lost = { $name } won. You lost.
robot-won = { $name } won!
robot-your-turn = Your turn, { $name }.
robot-turn-of = Next to move: { $name }.
robot-draw = A draw between { $first } and { $second }.
back-in-seconds = Back to the lobby in { $seconds } s.
ends-in-seconds = The game ends in { $seconds } s.
offer-stands = Waiting for an opponent … Another visitor joins from their device. The offer stands for another { $time }.
show-my-name = Show my name on the booth's screen
fame-title = Today's best on the robot
a-visitor = A visitor
fame-fastest = fastest
fame-entry = { $name } beat { $level } in { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}
fame-streak = { $name } won { $wins } games in a row
replay = Step through the game
replay-first = To the start
replay-back = One move back
replay-forward = One move on
replay-last = To the end
replay-at = Move { $number } of { $total }
played-people = { $first } against { $second }
played-computer = { $first } against { $second }, level { $level }
