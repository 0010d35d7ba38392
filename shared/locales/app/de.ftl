# Die Oberfläche auf Deutsch. Jede Zeile ist ein Text: sein Schlüssel, "=", der Text.

## Feste Texte

title = Vier gewinnt
new-game = Neues Spiel
undo = Zurück
hint = Tipp
settings = Einstellungen
help = Hilfe
close = Schließen
confirm-leave-robot = Damit endet dein Spiel am Roboter. Fortfahren?
level-fixed-on-robot = Während eines Spiels am Roboter bleibt die gewählte Stufe.
confirm-new = Das laufende Spiel beenden und neu beginnen?
mode = Modus
vs-computer = Gegen den Computer
hot-seat = Zwei Personen
demo = Computer gegen Computer
level = Stufe
style = Stil
defensive = defensiv
normal = normal
aggressive = aggressiv
starts = Wer beginnt
me = Ich
computer = Computer
random = Zufall
colours = Farben
animation = Animation
board-size = Spielfeld
language = Sprache
high-contrast = Hoher Kontrast
marks = Zeichen auf den Steinen
fullscreen = Vollbild
your-turn = Du bist am Zug
computer-thinking = Der Computer denkt nach …
wins = gewinnt
you-won = Du hast gewonnen!
you-lost = Der Computer hat gewonnen.
draw = Unentschieden.
play-again = Nochmal spielen
column-full = Diese Spalte ist voll.
not-your-turn = Warte, der Computer ist am Zug.
not-your-turn-yet = Warte, du bist noch nicht am Zug.
game-over-refused = Das Spiel ist vorbei.
nothing-to-undo = Es gibt nichts zurückzunehmen.
hint-too-deep = Die perfekte Analyse war nach { $seconds } s nicht fertig: Früh auf einem größeren Brett schafft sie das selten. Nach ein paar Zügen klappt es.
review-too-deep = Die perfekte Analyse dieser Partie war nach { $seconds } s nicht fertig: Auf einem größeren Brett dauern ihre ersten Züge viel länger.
book-missing = Eröffnungsbuch: noch nicht geladen (perfektes Spiel ist in der Eröffnung langsamer).
broken-link = Dieser Link enthält keine Stellung.
no-game-in-link = Dieser Link enthält kein Spiel.
take-home = Spiel mitnehmen
take-home-button = Mitnehmen
take-home-scan = Mit dem Handy scannen: das Spiel noch einmal sehen, und wo es gewonnen und verloren wurde.
take-home-code = QR-Code dieses Spiels
watching = Hier wird nur zugeschaut.
no-undo-on-robot = Auf dem Roboter kann man keinen Zug zurücknehmen.
robot = Roboter
robot-connecting = Der Roboter wird verbunden …
robot-ready = Der Roboter ist bereit.
robot-working = Der Roboter setzt den Stein …
robot-clearing = Der Roboter leert das Spielfeld …
robot-fault = Der Roboter klemmt – das Team ist gerufen. Das Spiel bleibt erhalten.
robot-disconnected = Der Roboter antwortet nicht – das Team ist gerufen. Das Spiel bleibt erhalten.
robot-restoring = Der Roboter ist zurück, das Spielfeld wird wiederhergestellt …
robot-busy = Der Roboter spielt gerade ein anderes Spiel. Du kannst zuschauen.
robot-wait = Einen Moment, der Roboter ist noch beschäftigt.
robot-busy-line = Der Roboter spielt gerade ein anderes Spiel. Stell dich an oder schau zu.
get-in-line = Anstellen
others-first = Andere warten auf den Roboter und sind zuerst dran. Versuch es in ein paar Minuten wieder.
barred = Das Team am Stand hat den Roboter für dieses Gerät heute gesperrt. Zuschauen und hier spielen geht weiter.
line-yours = Der Roboter ist frei für dich: Starte dein Spiel innerhalb einer Minute.
line-place = { $place ->
    [one] Du bist als Nächstes am Roboter dran.
   *[other] Du bist Nummer { $place } in der Warteschlange für den Roboter.
}
line-waiting = { $count ->
    [one] Eine Person wartet in der Schlange.
   *[other] { $count } Personen warten in der Schlange.
}
turn-limit = Spätestens alle { $seconds } s ein Zug, sonst endet das Spiel und der Roboter ist für die Nächsten frei.
need-token = Dieses Gerät braucht den Code der Station zum Spielen (QR-Code am Stand); zuschauen geht.
name-rule = Ein Name hat 3 bis 15 Buchstaben, Ziffern, _ oder -.
bridge-lost = Verbindung zum Roboter unterbrochen – sie wird wiederhergestellt …
still-there = Bist du noch da? Sonst endet das Spiel gleich.
im-still-here = Ich bin noch da
your-name = Dein Name
opponent = Gegner
computer-opponent = der Computer
person-opponent = eine Person an einem anderen Gerät
watch-robot = Zuschauen
play-on-robot = Auf dem Roboter spielen
leave-robot = Roboter-Spiel verlassen
hint-waiting = Analyse läuft (höchstens { $seconds } s) …
worker-failed = Der Computer konnte nicht ziehen. Bitte neu laden.
thoughts = Was der Computer denkt
show-thinking = Gedanken
spectator-screen = Zuschauer-Bildschirm ↗
column = Spalte
row = Reihe
empty = leer
help-rules = Zwei Spieler werfen abwechselnd Steine in die Spalten. Wer zuerst vier eigene Steine in einer Reihe hat – waagrecht, senkrecht oder diagonal – gewinnt.
help-play = Tippe auf eine Spalte oder drücke ihre Ziffer. Pfeiltasten wählen eine Spalte, Enter wirft.
about = Version
turn = ist am Zug
review-game = Partie auswerten
game-review = Partie-Auswertung
play-on-from-here = Von hier weiterspielen
# The button's own words, inside its name above (so speech control finds it).
play-on = Weiterspielen
searching = Suche läuft …
real-search = Echte Suche
minimax-teaching = Minimax (Lernansicht)
how-it-thinks = Wie denkt der Computer?
search-tree = Suchbaum
fit = Einpassen
all = Alles
numbers = Zahlen
tree-legend = Unter jedem Stein: seine Spalte, dann sein Wert für den Computer (+ gut für ihn, − schlecht; ≤ oder ≥: nur eine Grenze, dort hat die Suche früh aufgehört). ▸ Stellungen in einem zugeklappten Ast; ✂ abgeschnittene Züge; TT: aus der Tabelle schon gesehener Stellungen.
zoom-in = Vergrößern
zoom-out = Verkleinern
yellow = gelb
red = rot
blue = blau
green = grün
easy = Leicht
medium = Mittel
hard = Schwer
perfect = Perfekt
adaptive = Mitwachsend
random-level = Zufällig
reviewing = Partie wird ausgewertet (höchstens { $seconds } s) …
not-allowed = Das darf nur, wer am Roboter spielt.
no-robot-game = Auf dem Roboter läuft gerade kein Spiel.
bridge-version = Diese Seite ist älter als die Station: bitte neu laden.
level-not-offered = Diese Stufe bietet die Station nicht an: bitte eine andere wählen.
bridge-refused = Die Station hat die Nachricht abgelehnt. Bitte neu laden.
name-taken = Diesen Namen hat schon jemand am Roboter – bitte wähle einen anderen.
name-reserved = Diesen Namen braucht die Station selbst – bitte wähle einen anderen.
device-has-name = Dieses Gerät spielt schon unter einem anderen Namen am Roboter.
waiting-for-opponent = Warte auf eine Gegnerin oder einen Gegner … Sie steigen auf ihrem Gerät ein.
computers-turn-wait = Warte, der Computer ist am Zug.
robot-jammed = Im Roboter klemmt ein Stein – das Team ist gerufen. Das Spiel bleibt erhalten.
robot-empty = Dem Roboter sind die Steine ausgegangen – das Team ist gerufen. Das Spiel bleibt erhalten.
robot-grid-full = Das Spielfeld des Roboters muss geleert werden – das Team ist gerufen. Das Spiel bleibt erhalten.
robot-not-answering = Der Roboter antwortet nicht – das Team ist gerufen. Das Spiel bleibt erhalten.
demo-running = Der Roboter spielt gegen sich selbst: tippe, um zu spielen
play-here = Lieber hier spielen
lobby-title = Vier gewinnt gegen den Roboter
lobby-intro = Gib deinen Namen ein, wähle deinen Gegner, und der Roboter wirft die Steine ein.
leave-question-computer = Das Spiel gegen den Computer verlassen?
leave-question = Spiel verlassen? Die andere Person erfährt es.
leave-yes = Verlassen
stay = Bleiben
back-to-lobby = Zurück zur Lobby
join-with-phone = Mit dem Handy mitspielen: Code scannen.
sound = Ton
sound-on = Ton an
sound-off = Ton aus
no-hints-on-robot = Keine Tipps am Roboter: Mit ihnen könnte jeder perfekt spielen. Spiele auf diesem Tablet haben sie.
other-wants-again = möchte noch einmal spielen.
explainer-1-heading = 1. Alles im Kopf durchspielen
explainer-1 = Bevor der Computer einen Stein einwirft, probiert er in Gedanken jede Spalte aus, dann jede deiner Antworten, dann seine Antwort darauf … So entsteht ein Baum: oben die Stellung jetzt, jeder Ast ist ein eingeworfener Stein in der Farbe des Spielers.
explainer-2-heading = 2. Punkte schätzen
explainer-2 = Irgendwo muss er aufhören. Dort schätzt er, wie gut die Stellung ist: Zweier und Dreier, die noch zu einem Vierer werden können, geben Punkte, die des Gegners ziehen Punkte ab. Ein echter Vierer ist unendlich viel wert (∞).
explainer-3-heading = 3. Minimax
explainer-3 = Dann wandern die Punkte nach oben. Ist der Computer am Zug, nimmt er den größten Wert. Bist du am Zug, nimmt er an, dass du den für ihn schlechtesten Zug findest – den kleinsten. Im Bild: Zug A bringt höchstens 3, weil du mit 3 antwortest. Das ist der beste Wert, also spielt er A.
explainer-4-heading = 4. Alpha-Beta: Unwichtiges weglassen
explainer-4 = Bei Zug B findet deine erste Antwort schon eine 1. B ist also höchstens 1 wert – schlechter als die 3 von A, egal was die anderen Antworten bringen. Die muss er gar nicht mehr anschauen: abgeschnitten (✂, rot gestrichelt). Das Ergebnis bleibt genau dasselbe, nur viel schneller.
explainer-5-heading = 5. Warum so viele Stellungen?
explainer-5 = 7 Spalten, 7 Antworten, 7 Antworten darauf: nach 3 Zügen sind es 343 Stellungen, nach 8 Zügen fast 6 Millionen. Alpha-Beta schafft dieselbe Antwort mit einem kleinen Bruchteil. Probier oben „Minimax (Lernansicht)“: dort steht, wie viel gespart wurde. Stellungen, die auf verschiedenen Wegen entstehen, merkt sich der perfekte Spieler in einer Tabelle (TT).
explainer-6-heading = 6. Den Baum lesen
explainer-6 = Die Zahl unter einem Stein ist sein Wert für den Spieler dieses Steins; ≥ und ≤ heißen „mindestens“ und „höchstens“ (dort wurde abgeschnitten). Der goldene Weg ist, was der Computer als Nächstes erwartet. ▸ ist ein zugeklappter Ast: antippen öffnet ihn, doppelt tippen macht ihn zur Wurzel. Zeigen oder lange drücken zeigt die Stellung als kleines Brett.

## Texte mit Zahlen oder Namen. Eine $Variable füllt die App aus;
## eine Zahl wählt ihre Pluralform nach den Regeln der Sprache.

# The sign between a number's whole part and its decimals.
decimal-sign = ,
language-name = Deutsch
thought-wins-now = Dieser Zug gewinnt.
thought-wins-in = { $stones ->
    [one] Ich kann mit einem weiteren Stein gewinnen.
   *[other] Ich kann mit { $stones } weiteren Steinen gewinnen.
}
thought-loses-in = { $stones ->
    [one] Wenn du perfekt spielst, gewinnst du mit einem weiteren Stein.
   *[other] Wenn du perfekt spielst, gewinnst du mit { $stones } weiteren Steinen.
}
thought-draw = Bei bestem Spiel endet es unentschieden.
thought-must-block = Ich muss Spalte { $column } blockieren.
thought-creates-threats = { $count ->
    [one] Dieser Zug schafft eine Drohung.
   *[other] Dieser Zug schafft { $count } Drohungen.
}
thought-every-other-move-loses = Jeder andere Zug verliert.
thought-unsolved = Die perfekte Analyse war nach { $seconds } s nicht fertig, darum kommt dieser Zug aus meiner starken Suche.
thought-random-move = Ich lasse dir eine Chance …
seen-wins-in = { $stones ->
    [one] Der Computer kann mit einem weiteren Stein gewinnen.
   *[other] Der Computer kann mit { $stones } weiteren Steinen gewinnen.
}
seen-loses-in = { $stones ->
    [one] Bei perfektem Spiel gewinnt sein Gegner mit einem weiteren Stein.
   *[other] Bei perfektem Spiel gewinnt sein Gegner mit { $stones } weiteren Steinen.
}
seen-must-block = Der Computer muss Spalte { $column } blockieren.
seen-unsolved = Die perfekte Analyse war nach { $seconds } s nicht fertig, darum kommt dieser Zug aus der starken Suche des Computers.
seen-random-move = Der Computer lässt seinem Gegner eine Chance …
still-there-watch = Schon länger kein Zug: Das Spiel endet bald.
demo-running-watch = Der Roboter spielt gegen sich selbst, bis jemand ein Spiel beginnt.
waiting-challenger = { $name } wartet am Roboter auf einen Gegner. Gegen { $name } spielen?
watch-no-game = Gerade läuft kein Spiel am Roboter.
away-waits = Die Seite von { $name } ist zu: Das Spiel wartet noch { $seconds } s.
play-against = Gegen { $name } spielen
searched = { $nodes ->
    [one] Spalte { $column } (Tiefe { $depth }, { $nodes } Stellung durchsucht).
   *[other] Spalte { $column } (Tiefe { $depth }, { $nodes } Stellungen durchsucht).
}
searched-known = Spalte { $column }: aus der Datenbank bekannt, ohne Suche.
searched-solved = Spalte { $column }: bis zum Spielende gelöst ({ $nodes } Stellungen durchsucht).
search-line-solving = Löst bis zum Spielende · { $nodes } Stellungen · { $speed } Stellungen/s
search-line = Tiefe { $depth } · { $nodes } Stellungen · { $speed } Stellungen/s
search-line-best = Tiefe { $depth } · { $nodes } Stellungen · { $speed } Stellungen/s · bisher am besten: Spalte { $column } ({ $value })
your-turn-against = Du bist am Zug ({ $colour }) – { $level } ({ $style })
computer-thinking-at = Der Computer denkt nach … – { $level } ({ $style })
to-move = { CAPITAL($colour) } ist am Zug
colour-wins = { CAPITAL($colour) } gewinnt!
level-classic = Klassisch { $depth }
cell = Reihe { $row }, Spalte { $column }: { $owner }
column-button = Spalte { $column }
perfect-note = Auf { $columns } × { $rows } spielt Perfekt seine beste Suche in { $seconds } s.
colour-menu = Farben { $player }
value-draw = remis
value-wins-now = gewinnt sofort
value-wins-in = gewinnt in { $moves } Zügen
value-loses-at-once = verliert sofort
value-loses-in = verliert in { $moves } Zügen
rank-wins = gewinnt
rank-best = beste
rank-good = gut
rank-weaker = schwächer
rank-poor = schwach
rank-loses = verliert
database-loading = Perfektes Spiel: { $loaded } MB geladen
database-loading-of = Perfektes Spiel: { $loaded } von { $total } MB geladen
database-ready = Stellungsdatenbank: alle { $positions } Stellungen mit 12 Steinen sind da, auf 7 × 6 antworten perfektes Spiel und Tipps sofort, auch offline.
database-coming = Stellungsdatenbank: wird geladen. Bis dahin kann perfektes Spiel einige Sekunden brauchen.
database-missing = Stellungsdatenbank: nicht verfügbar. Perfektes Spiel geht trotzdem, in der Eröffnung nur langsamer.
book-ready = Eröffnungsbuch: alle Stellungen bis { $depth } Steine ({ $positions } Stellungen), perfektes Spiel dort sofort.
review-best = bester Zug
review-good = gut
review-mistake-win = Fehler: Spalte { $column } hätte den Sieg gehalten
review-mistake-draw = Fehler: Spalte { $column } hätte das Remis gehalten
reviewed = { $number }. { CAPITAL($colour) }, Spalte { $column }: { $mark }
decided = Entschieden mit Zug { $number }: dem Fehler von { CAPITAL($colour) }.
decided-from-start = Kein Fehler: Das Ergebnis stand vom ersten Zug an fest.
tree-caption = Tiefe { $depth }: { $nodes ->
    [one] { $nodes } Stellung
   *[other] { $nodes } Stellungen
}, { $pruned ->
    [one] { $pruned } Zug abgeschnitten
   *[other] { $pruned } Züge abgeschnitten
}.
tree-caption-table = Tiefe { $depth }: { $nodes ->
    [one] { $nodes } Stellung
   *[other] { $nodes } Stellungen
}, { $pruned ->
    [one] { $pruned } Zug abgeschnitten
   *[other] { $pruned } Züge abgeschnitten
}, { $table } aus der Tabelle (TT).
minimax-working = Minimax wird gerechnet …
minimax-caption = Minimax, Tiefe { $depth }: { $minimax } Stellungen. Alpha-Beta kommt bei gleicher Tiefe mit { $alphabeta } aus – { $saved } % gespart.
tree-node = { $node }: { $value }
tree-node-root = Wurzel
tree-node-column = Spalte { $column }
tree-node-folded = { $count } Knoten zugeklappt
tree-node-pruned = { $count ->
    [one] { $count } Zug abgeschnitten
   *[other] { $count } Züge abgeschnitten
}
tree-node-from-table = aus der Tabelle
a-player = Ein Spieler
someone = Jemand
notice-player-left = { $name } hat das Spiel verlassen; der Roboter ist frei.
notice-ended-by-staff = Das Team hat das Spiel beendet. Der Roboter ist frei.
notice-restarted = { $name } hat ein neues Spiel begonnen; du schaust jetzt zu.
notice-ended-idle = Das Spiel ist beendet: Eine Weile hat niemand gezogen. Der Roboter ist frei.
notice-no-opponent = Niemand hat die Herausforderung rechtzeitig angenommen. Der Roboter ist frei.
version = Version { $version } · MIT
caption-solving = Der Computer löst das Spiel bis zum Ende: bisher { $nodes } Stellungen.
caption-thinking = Der Computer denkt { $depth } Züge voraus: Er hat schon { $nodes } Stellungen angeschaut. Jeder Stein im Baum ist eine davon.
caption-wins-now = Spalte { $column } macht vier in einer Reihe: Der Computer gewinnt!
caption-wins = Er sieht einen sicheren Sieg mit { $stones ->
    [one] einem weiteren eigenen Stein
   *[other] noch { $stones } eigenen Steinen
}, egal was der Gegner tut. Der goldene Weg zeigt, wie dieser Sieg beginnt.
caption-blocks = Der Gegner drohte mit vier in einer Reihe in Spalte { $blocked }: Der Computer blockiert. Er hat { $nodes } Stellungen angeschaut.
caption-loses = Er sieht: Ein perfekter Gegner könnte mit { $stones ->
    [one] einem weiteren Stein
   *[other] noch { $stones } Steinen
} gewinnen. Er wählt Spalte { $column }, damit es so schwer wie möglich wird.
caption-draw = Spielen beide perfekt, endet dieses Spiel unentschieden. Er hat Spalte { $column } gewählt, nach { $nodes } Stellungen.
caption-random = Diesmal hat er Spalte { $column } absichtlich zufällig gewählt: Auf dieser Stufe spielt er manchmal einen schwachen Zug, damit Besucher gewinnen können.
caption-expects = Der Computer hat { $nodes } Stellungen angeschaut und Spalte { $column } gewählt. Der goldene Weg ist das Spiel, das er erwartet. Rote Scheren (✂) zeigen abgeschnittene Äste: Sie konnten seine Wahl nicht mehr ändern.
robot-you-won = Du hast gegen { $name } gewonnen!
robot-you-lost = { $name } hat gewonnen. Du hast verloren.
robot-won = { $name } hat gewonnen!
robot-your-turn = Du bist am Zug, { $name }.
robot-turn-of = { $name } ist am Zug.
robot-draw = Unentschieden zwischen { $first } und { $second }.
back-in-seconds = Zurück zur Lobby in { $seconds } s.
ends-in-seconds = Das Spiel endet in { $seconds } s.
offer-stands = Warte auf eine Gegnerin oder einen Gegner … Sie steigen auf ihrem Gerät ein. Das Angebot gilt noch { $time }.
show-my-name = Meinen Namen auf dem Bildschirm am Stand zeigen
fame-title = Die Besten des Tages am Roboter
a-visitor = Jemand
fame-fastest = am schnellsten
fame-entry = { $name } schlug { $level } in { $moves ->
    [one] 1 Zug
   *[other] { $moves } Zügen
}
fame-streak = { $name } gewann { $wins } Spiele hintereinander
replay = Das Spiel Zug um Zug
replay-first = Zum Anfang
replay-back = Einen Zug zurück
replay-forward = Einen Zug weiter
replay-last = Zum Ende
replay-at = Zug { $number } von { $total }
played-people = { $first } gegen { $second }
played-computer = { $first } gegen { $second }, Stufe { $level }
