# Die Betreuungsseite (/operator). Schlüssel wie in en.ftl.

title = Betreuung der Station
alert = Warnton, wenn der Roboter eine Störung hat
robot = Roboter
rebuild = Gitter leeren und Spiel neu aufbauen
test_leds = LEDs testen
reset = Nach einer Störung zurücksetzen
end_game = Laufendes Spiel beenden
cancel = Abbrechen
today = Heute
events = Störungen und Ablehnungen
settings = Einstellungen
language = Sprache der Bildschirme an der Station
booth_name = Name der Station über der Auswahl (leer: der Titel der App)
levels = Stufen, die angeboten werden
tuning = Eigene Einstellung der Stufen (leer: die Stufe, wie sie ist)
times = Zeiten in Sekunden
idle_ask_s = ohne Zug, bis die Seite fragt „Bist du noch da?“
idle_free_s = ohne Zug, bis der Platz frei wird
offer_s = wird eine wartende Person den nächsten Besuchern angeboten
demo_after_s = ohne Spiel, bis der Roboter gegen sich selbst spielt
demo_levels = Der Roboter spielt gegen sich selbst
demo_first = Erster Spieler
demo_second = Zweiter Spieler
robot_hints = Tipps und die erwartete Zugfolge des Computers in Spielen am Roboter (damit kann man perfekt spielen)
save = Speichern und anwenden
undo = Meine Änderungen verwerfen
games = Letzte Spiele
export = Alle Spiele als CSV exportieren
log = Letzte Befehle und Antworten (Zeit seit dem Start der Bridge)
config = Alles andere (in der Konfigurationsdatei, mit Neustart)
depth = Tiefe
random_moves = % schwache Züge

state-connecting = verbindet
state-ready = bereit
state-working = setzt einen Stein
state-fault = Störung
state-disconnected = nicht verbunden
state-restoring = baut das Spiel wieder auf
on-port = an { $port }
placed = { $n ->
    [one] 1 Stein gesetzt
   *[other] { $n } Steine gesetzt
}
in-step = zeigt das Spiel
catching-up = { $n ->
    [one] holt auf: noch 1 Stein
   *[other] holt auf: noch { $n } Steine
}

fault-jammed = ein Stein klemmt
fault-magazine_empty = ein Magazin ist leer
fault-grid_full = der Roboter meldet eine volle Spalte
fault-bad_command = der Roboter hat einen Befehl nicht verstanden
fault-internal = der Roboter meldet einen inneren Fehler
fault-not_answering = der Roboter antwortet nicht
fault-lost = die Verbindung ist weg

tally = { $games ->
    [one] 1 Spiel
   *[other] { $games } Spiele
} gespielt, { $won } von Besuchern gewonnen, { $faults ->
    [one] 1 Störung
   *[other] { $faults } Störungen
} des Roboters
no-game = Kein Spiel auf dem Roboter.
game = Jetzt: { $who }, { $moves ->
    [0] noch kein Stein
    [one] 1 Stein
   *[other] { $moves } Steine
}{ $over ->
    [yes] , vorbei
   *[no] {""}
}
versus = {" "}gegen{" "}
seat-free = (Platz frei)
demo = Vorführung
computer-at = Computer ({ $level })

level-easy = Leicht
level-medium = Mittel
level-hard = Schwer
level-perfect = Perfekt
level-adaptive = Mitwachsend
level-random = Zufällig
level-aggressive = aggressiv
level-defensive = defensiv
level-classic = Klassisch

result-first = { $name } hat gewonnen
result-second = { $name } hat gewonnen
result-draw = unentschieden
result-left = jemand ist gegangen
result-idle = niemand hat gezogen
result-ended_by_staff = vom Team beendet
result-restarted = neu begonnen
result-playing = läuft
moves = { $n ->
    [one] 1 Zug
   *[other] { $n } Züge
}
faults = { $n ->
    [one] 1 Störung
   *[other] { $n } Störungen
}
duration-seconds = { $s } s
duration-minutes = { $m } min { $s } s
no-events = Keine, seit die Bridge läuft.
no-games = Noch keine Spiele aufgezeichnet.
robot-fault = Störung des Roboters: { $why }
robot-fault-storm = Störung des Roboters: { $why }, { $n } Mal in { $s } s
refused = abgelehnt: { $why }
refused-named = abgelehnt ({ $name }): { $why }

refusal-version = eine Seite einer älteren Version
refusal-bad_name = ein nicht erlaubter Name
refusal-name_taken = ein Name, der schon vergeben ist
refusal-reserved_name = ein Name, den die Station selbst braucht
refusal-session_has_name = ein zweiter Name für eine Person
refusal-session_change = eine zweite Person auf einer Verbindung
refusal-bad_session = eine kaputte Sitzung
refusal-hello_first = eine Seite ohne Anmeldung
refusal-token = ein Gerät ohne den Code der Station
refusal-not_allowed = für diese Seite nicht erlaubt
refusal-busy = der Roboter spielte ein anderes Spiel
refusal-no_game = kein Spiel
refusal-game_over = das Spiel war vorbei
refusal-not_your_turn = ein Zug außer der Reihe
refusal-waiting_for_opponent = ein Zug, bevor die Gegnerin oder der Gegner kam
refusal-unknown_level = eine Stufe, die die Station nicht anbietet
refusal-robot_busy = der Roboter war beschäftigt
refusal-illegal_move = eine volle oder unbekannte Spalte
refusal-bad_message = eine unverständliche Nachricht
refusal-too_large = eine zu große Nachricht
refusal-binary = eine binäre Nachricht
refusal-rate_limited = zu viele Nachrichten

memory-only = Spiele werden nicht aufgezeichnet ({ $why }): Sie werden gezählt, bis die Bridge endet, dann sind sie weg.
records-lost = { $n ->
    [one] 1 Eintrag konnte
   *[other] { $n } Einträge konnten
} seit { $since } nicht geschrieben werden; die Spiele liefen ohne Aufzeichnung weiter. Zuletzt: { $last }
records-deleted = Um { $at } fehlte die Aufzeichnungsdatei { $path }: Ihre Spiele wurden neu hineingeschrieben, nichts ging verloren.
records-replaced = Um { $at } war die Aufzeichnungsdatei { $path } durch eine andere ersetzt: Diese bleibt unberührt, die Spiele des Stands liegen in { $kept }.
confirm-end = Das Spiel von { $who } jetzt beenden? Sie erfahren, dass das Team es beendet hat, und der Roboter leert das Gitter.
confirm-end-yes = Ja, Spiel beenden
confirm-rebuild = Alle Steine aus dem Gitter nehmen und die Steine des Spiels neu setzen? Das Spiel wartet, bis der Roboter fertig ist.
confirm-rebuild-yes = Ja, leeren und neu aufbauen
saved = Gespeichert in { $file } (die Datei davor: { $file }.previous). Gilt ab sofort; ein laufendes Spiel behält seine Stufen bis zum Ende.
not-saved = Gilt ab sofort, bis die Bridge endet: Sie wurde ohne --config gestartet, es gibt keine Datei, in der die Einstellungen bleiben.
problems = Nicht gespeichert, nichts geändert:
no-level = Biete mindestens eine Stufe an.
no-answer = Die Bridge antwortet nicht; neuer Versuch …

tally-playing = { $n ->
    [one] ; 1 Spiel läuft gerade
   *[other] ; { $n } Spiele nicht beendet
}
tuning-level = Stufe
tuning-preset = Leere Felder zeigen grau die Werte der Stufe selbst.

# Das Protokoll des Roboters. Die Wörter des Protokolls (DROP R 4, RECEIVED,
# JAM) bleiben, wie der Roboter sie spricht.
log-opened = Anschluss { $port } geöffnet
log-port_closed = Der Anschluss wurde geschlossen
log-ready = Der Roboter ist bereit
log-operator = Personal: { $request }
log-done = { $command }: fertig in { $ms } ms
log-command_error = { $command }: Der Roboter meldet ERROR { $code } { $text }
log-idle_error = Der Roboter meldet ERROR { $code } { $text }, ohne dass ein Befehl läuft
log-still_in_error = Der Roboter meldet weiter einen Fehler: { $code } { $text }
log-no_received = { $command }: kein RECEIVED, Nachfrage mit PING
log-maybe_lost = { $command }: kein RECEIVED, vielleicht verloren: Das Gitter wird neu aufgebaut
log-resending = { $command }: verloren, wird noch einmal gesendet
log-lost = { $command }: verloren
log-no_ready = { $command }: kein READY innerhalb von { $ms } ms
log-late_reply = Eine verspätete Antwort { $reply } vom Roboter, übergangen
log-robot_says = Der Roboter sagt: { $text }
log-unreadable = Eine unlesbare Zeile vom Roboter: { $why }
log-overlong = Eine Zeile von mehr als { $max } Bytes vom Roboter, übergangen
log-dummy_shows = Kein Roboter angeschlossen (Attrappe): { $coins ->
    [one] 1 Stein
   *[other] { $coins } Steine
}
log-held = { $n ->
    [one] (und 1 weitere solche Zeile)
   *[other] (und { $n } weitere solche Zeilen)
}

# Fairness am Roboter: die Warteschlange und gesperrte Handys.
end_game_and_bar = Spiel beenden und seine Handys für heute sperren
lift_bars = Gesperrte Handys wieder spielen lassen
confirm-bar = Das Spiel von { $who } beenden und den Roboter bis Mitternacht für ihre Handys sperren? Zuschauen können sie weiter. Die Bildschirme des Stands werden nie gesperrt.
confirm-bar-yes = Ja, beenden und sperren
fairness-line = { $n ->
    [0] Niemand wartet auf den Roboter.
    [one] Eine Person wartet auf den Roboter.
   *[other] { $n } Personen warten auf den Roboter.
}
fairness-barred = { $n ->
    [0] Heute ist kein Handy gesperrt.
    [one] Ein Handy ist für heute gesperrt.
   *[other] { $n } Handys sind für heute gesperrt.
}

# Die Seite öffnen: das Token einmal eingeben, und eine Warnung abseits des Stand-Rechners.
plain-http = Diese Seite spricht mit der Bridge über unverschlüsseltes HTTP: In einem offenen WLAN kann jeder in der Nähe mitlesen, auch das Operator-Token. Nutze den Rechner des Stands oder ein Netz, in das nur das Team kommt.
sign-in = Operator-Token (die Bridge zeigt es beim Start an; operator_token in bridge.toml)
sign-in-open = Öffnen
sign-in-wrong = Das ist nicht das Operator-Token dieser Station.

fame = Bestenliste auf dem Zuschauerbildschirm
fame-none = Heute hat noch niemand den Computer besiegt.
fame-entry = { $name } schlug { $level } in { $moves } Zügen ({ $at })
fame-fastest = am schnellsten
a-visitor = Ein Besucher
fame-hide = Ausblenden
fame-clear = Bestenliste von heute leeren
confirm-clear-fame = Alle Spiele von heute vom Zuschauerbildschirm nehmen?
confirm-clear-fame-yes = Ja, leeren
day = Der Tag in Bildern
day-date = Tag
day-print = Tag drucken
day-games = Begonnene Spiele je Stunde
day-results = Besucher gegen den Computer, je Stufe
day-lengths = Spiele nach Dauer, in Minuten
day-faults = Störungen des Roboters je Stunde
day-minutes = Die Zeit des Roboters, in Minuten
day-won = gewonnen
day-drawn = unentschieden
day-lost = verloren
day-unfinished = nicht beendet
day-playing = spielt
day-waiting = wartet
day-demo = Vorführung
day-fault = Störung
day-none = nichts aufgezeichnet
day-summary = { $date }: { $games ->
    [one] 1 Spiel
   *[other] { $games } Spiele
}, { $faults ->
    [one] 1 Störung
   *[other] { $faults } Störungen
}
