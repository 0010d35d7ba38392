# La page de l'équipe (/operator). Mêmes clés que en.ftl.

title = Équipe du stand
alert = Alarme sonore quand le robot est en panne
robot = Robot
rebuild = Vider la grille et reconstruire la partie
test_leds = Tester les LED
reset = Réinitialiser après une erreur
end_game = Terminer la partie en cours
cancel = Annuler
today = Aujourd'hui
events = Pannes et refus
settings = Réglages
language = Langue des écrans du stand
booth_name = Nom du stand au-dessus de l'accueil (vide : le titre de l'application)
levels = Niveaux proposés
tuning = Réglage propre au stand (vide : le niveau tel quel)
times = Durées, en secondes
idle_ask_s = sans coup avant que la page demande « Tu es toujours là ? »
idle_free_s = sans coup avant que la place soit libérée
offer_s = une personne qui attend un adversaire est proposée aux visiteurs suivants
demo_after_s = sans partie avant que le robot joue contre lui-même
demo_levels = Le robot joue contre lui-même
demo_first = Premier joueur
demo_second = Second joueur
robot_hints = Conseils et suite de coups attendue de l'ordinateur dans les parties sur le robot (avec eux, on peut jouer parfaitement)
save = Enregistrer et appliquer
undo = Annuler mes changements
games = Dernières parties
export = Exporter toutes les parties en CSV
log = Dernières commandes et réponses (temps depuis le démarrage du bridge)
config = Tout le reste (dans le fichier de configuration, avec un redémarrage)
depth = profondeur
random_moves = % de coups faibles

state-connecting = connexion
state-ready = prêt
state-working = pose un jeton
state-fault = panne
state-disconnected = non connecté
state-restoring = reconstruit la grille
on-port = sur { $port }
placed = { $n ->
    [one] { $n } jeton posé
   *[other] { $n } jetons posés
}
in-step = montre la partie
catching-up = { $n ->
    [one] rattrape : encore { $n } jeton à poser
   *[other] rattrape : encore { $n } jetons à poser
}

fault-jammed = un jeton est coincé
fault-magazine_empty = un magasin est vide
fault-grid_full = le robot signale une colonne pleine
fault-bad_command = le robot n'a pas compris une commande
fault-internal = le robot signale une erreur interne
fault-not_answering = le robot ne répond pas
fault-lost = son port a disparu

tally = { $games ->
    [one] { $games } partie jouée
   *[other] { $games } parties jouées
}, { $won ->
    [one] { $won } gagnée
   *[other] { $won } gagnées
} par des visiteurs, { $faults ->
    [one] { $faults } panne
   *[other] { $faults } pannes
} du robot
no-game = Aucune partie sur le robot.
game = En ce moment : { $who }, { $moves ->
    [0] pas encore de jeton
    [one] { $moves } jeton
   *[other] { $moves } jetons
}{ $over ->
    [yes] , terminée
   *[no] {""}
}
versus = {" "}contre{" "}
seat-free = (place libre)
demo = Démonstration
computer-at = Ordinateur ({ $level })

level-easy = Facile
level-medium = Moyen
level-hard = Difficile
level-perfect = Parfait
level-adaptive = Adaptatif
level-random = Au hasard
level-aggressive = offensif
level-defensive = défensif
level-classic = Classique

result-first = { $name } a gagné
result-second = { $name } a gagné
result-draw = match nul
result-left = quelqu'un est parti
result-idle = personne n'a joué
result-ended_by_staff = terminée par l'équipe
result-restarted = recommencée
result-playing = en cours
moves = { $n ->
    [one] { $n } coup
   *[other] { $n } coups
}
faults = { $n ->
    [one] { $n } panne
   *[other] { $n } pannes
}
duration-seconds = { $s } s
duration-minutes = { $m } min { $s } s
no-events = Aucun depuis le démarrage du bridge.
no-games = Aucune partie enregistrée pour l'instant.
robot-fault = panne du robot : { $why }
robot-fault-storm = panne du robot : { $why }, { $n } fois en { $s } s
refused = refusé : { $why }
refused-named = refusé ({ $name }) : { $why }

refusal-version = une page d'une version plus ancienne
refusal-bad_name = un nom non autorisé
refusal-name_taken = un nom déjà pris
refusal-reserved_name = un nom que le stand garde pour lui
refusal-session_has_name = un second nom pour une même personne
refusal-session_change = une seconde personne sur une même connexion
refusal-bad_session = une session abîmée
refusal-hello_first = une page qui ne s'est pas annoncée
refusal-token = un appareil sans le code du stand
refusal-not_allowed = pas permis pour cette page
refusal-busy = le robot jouait une autre partie
refusal-no_game = pas de partie en cours
refusal-game_over = la partie était finie
refusal-not_your_turn = un coup hors de son tour
refusal-waiting_for_opponent = un coup avant l'arrivée de l'adversaire
refusal-unknown_level = un niveau que le stand ne propose pas
refusal-robot_busy = le robot était occupé
refusal-illegal_move = une colonne pleine ou inconnue
refusal-bad_message = un message incompréhensible
refusal-too_large = un message trop grand
refusal-binary = un message binaire
refusal-rate_limited = trop de messages

memory-only = Les parties ne sont pas enregistrées ({ $why }) : elles sont comptées jusqu'à l'arrêt du bridge, puis perdues.
records-lost = { $n ->
    [one] { $n } entrée n'a pas pu être écrite
   *[other] { $n } entrées n'ont pas pu être écrites
} depuis { $since } ; les parties ont continué sans être enregistrées. Dernière erreur : { $last }
records-deleted = À { $at }, le fichier des parties { $path } avait été supprimé : ses parties y ont été réécrites, rien n'est perdu.
records-replaced = À { $at }, le fichier des parties { $path } avait été remplacé par un autre : celui-ci reste intact, les parties du stand sont gardées dans { $kept }.
confirm-end = Terminer maintenant la partie de { $who } ? On leur dit que l'équipe l'a terminée, et le robot vide la grille.
confirm-end-yes = Oui, terminer la partie
confirm-rebuild = Retirer tous les jetons de la grille et reposer ceux de la partie ? La partie attend que le robot ait fini.
confirm-rebuild-yes = Oui, vider et reconstruire
saved = Enregistré dans { $file } (le fichier d'avant : { $file }.previous). En vigueur dès maintenant ; une partie sur le robot garde ses niveaux jusqu'à la fin.
not-saved = En vigueur dès maintenant, jusqu'à l'arrêt du bridge : il a été démarré sans --config, il n'y a donc pas de fichier pour garder les réglages.
problems = Pas enregistré, rien n'a changé :
no-level = Propose au moins un niveau.
no-answer = Le bridge ne répond pas ; nouvelle tentative …

tally-playing = { $n ->
    [one] ; 1 partie en cours sur le robot
   *[other] ; { $n } parties pas terminées
}
tuning-level = Niveau
tuning-preset = Les champs vides montrent en gris les valeurs du niveau lui-même.

# Le journal du robot. Les mots du protocole (DROP R 4, RECEIVED, JAM)
# restent tels que le robot les dit.
log-opened = port { $port } ouvert
log-port_closed = le port s'est fermé
log-ready = le robot est prêt
log-operator = équipe : { $request }
log-done = { $command } : fini en { $ms } ms
log-command_error = { $command } : le robot signale ERROR { $code } { $text }
log-idle_error = le robot signale ERROR { $code } { $text } sans commande en cours
log-still_in_error = le robot est toujours en erreur : { $code } { $text }
log-no_received = { $command } : pas de RECEIVED, question avec PING
log-maybe_lost = { $command } : pas de RECEIVED, peut-être perdue : la grille est reconstruite
log-resending = { $command } : perdue, envoyée à nouveau
log-lost = { $command } : perdue
log-no_ready = { $command } : pas de READY en { $ms } ms
log-late_reply = une réponse tardive { $reply } du robot, ignorée
log-robot_says = le robot dit : { $text }
log-unreadable = une ligne illisible du robot : { $why }
log-overlong = une ligne de plus de { $max } octets du robot, ignorée
log-dummy_shows = aucun robot branché (factice) : { $coins ->
    [one] 1 jeton
   *[other] { $coins } jetons
}
log-held = { $n ->
    [one] (et 1 autre ligne semblable)
   *[other] (et { $n } autres lignes semblables)
}

# L'équité au robot : la file, et les téléphones que l'équipe a bloqués.
end_game_and_bar = Terminer la partie et bloquer ses téléphones pour aujourd'hui
lift_bars = Laisser rejouer les téléphones bloqués
confirm-bar = Terminer la partie de { $who } et fermer le robot à leurs téléphones jusqu'à minuit ? Ils peuvent toujours regarder. Les écrans du stand ne sont jamais bloqués.
confirm-bar-yes = Oui, terminer et bloquer
fairness-line = { $n ->
    [0] Personne n'attend le robot.
    [one] Une personne attend le robot.
   *[other] { $n } personnes attendent le robot.
}
fairness-barred = { $n ->
    [0] Aucun téléphone n'est bloqué aujourd'hui.
    [one] Un téléphone est bloqué pour aujourd'hui.
   *[other] { $n } téléphones sont bloqués pour aujourd'hui.
}

# Ouvrir la page : le jeton saisi une fois, et un avertissement hors de l'ordinateur du stand.
plain-http = Cette page parle au bridge en HTTP non chiffré : sur un Wi-Fi ouvert, n'importe qui à proximité peut la lire, jeton d'opérateur compris. Utilise l'ordinateur du stand, ou un réseau réservé à l'équipe.
sign-in = Jeton d'opérateur (le bridge l'affiche au démarrage ; operator_token dans bridge.toml)
sign-in-open = Ouvrir
sign-in-wrong = Ce n'est pas le jeton d'opérateur de ce stand.

fame = Tableau d'honneur sur l'écran des spectateurs
fame-none = Personne n'a encore battu l'ordinateur aujourd'hui.
fame-entry = { $name } a battu { $level } en { $moves } coups ({ $at })
fame-fastest = le plus rapide
a-visitor = Un visiteur
fame-hide = Masquer
fame-clear = Vider le tableau d'honneur du jour
confirm-clear-fame = Retirer toutes les parties du jour de l'écran des spectateurs ?
confirm-clear-fame-yes = Oui, vider
day = La journée en images
day-date = Jour
day-print = Imprimer la journée
day-games = Parties commencées, par heure
day-results = Les visiteurs contre l'ordinateur, par niveau
day-lengths = Parties par durée, en minutes
day-faults = Pannes du robot, par heure
day-minutes = Le temps du robot, en minutes
day-won = gagnées
day-drawn = nulles
day-lost = perdues
day-unfinished = non terminées
day-playing = joue
day-waiting = attend
day-demo = démonstration
day-fault = panne
day-none = rien d'enregistré
day-summary = { $date } : { $games ->
    [one] 1 partie
   *[other] { $games } parties
}, { $faults ->
    [one] 1 panne
   *[other] { $faults } pannes
}
