# L'interface en français. Chaque ligne est un texte : sa clé, « = », le texte.

## Textes fixes

title = Puissance 4
new-game = Nouvelle partie
undo = Annuler
hint = Conseil
settings = Réglages
help = Aide
close = Fermer
confirm-leave-robot = Cela met fin à ta partie sur le robot. Continuer ?
level-fixed-on-robot = Pendant une partie sur le robot, son niveau reste celui choisi.
confirm-new = Arrêter la partie en cours et en commencer une nouvelle ?
mode = Mode
vs-computer = Contre l'ordinateur
hot-seat = Deux joueurs
demo = Ordinateur contre ordinateur
level = Niveau
style = Style
defensive = défensif
normal = normal
aggressive = offensif
starts = Qui commence
me = Moi
computer = Ordinateur
random = Au hasard
colours = Couleurs
animation = Animation
board-size = Taille du plateau
language = Langue
high-contrast = Contraste élevé
marks = Marques sur les jetons
fullscreen = Plein écran
your-turn = À toi de jouer
computer-thinking = L'ordinateur réfléchit …
wins = gagne
you-won = Tu as gagné !
you-lost = L'ordinateur a gagné.
draw = Match nul.
play-again = Rejouer
column-full = Cette colonne est pleine.
not-your-turn = Attends, c'est au tour de l'ordinateur.
not-your-turn-yet = Attends, ce n'est pas encore ton tour.
game-over-refused = La partie est terminée.
nothing-to-undo = Il n'y a rien à annuler.
hint-too-deep = L'analyse parfaite n'était pas finie après { $seconds } s : au début d'une partie sur un grand plateau, c'est rare. Elle marche après quelques coups de plus.
review-too-deep = L'analyse parfaite de cette partie n'était pas finie après { $seconds } s : sur un grand plateau, ses premiers coups prennent bien plus de temps.
book-missing = Bibliothèque d'ouvertures : pas encore chargée (le jeu parfait est plus lent dans l'ouverture).
broken-link = Ce lien ne contient aucune position.
no-game-in-link = Ce lien ne contient aucune partie.
take-home = Emporter la partie
take-home-button = Emporter
take-home-scan = Scannez avec votre téléphone pour revoir la partie, et voir où elle s’est gagnée et perdue.
take-home-code = Code QR de cette partie
watching = Cet écran ne fait que regarder.
no-undo-on-robot = Les coups sur le robot ne peuvent pas être annulés.
robot = Robot
robot-connecting = Connexion au robot …
robot-ready = Le robot est prêt.
robot-working = Le robot pose le jeton …
robot-clearing = Le robot vide le plateau …
robot-fault = Le robot est bloqué – l'équipe a été appelée. La partie est gardée.
robot-disconnected = Le robot ne répond pas – l'équipe a été appelée. La partie est gardée.
robot-restoring = Le robot est de retour ; le plateau est remis en place …
robot-busy = Le robot joue une autre partie. Tu peux regarder.
robot-wait = Un instant, le robot est encore occupé.
robot-busy-line = Le robot joue une autre partie. Fais la queue, ou regarde.
get-in-line = Faire la queue
others-first = D'autres attendent le robot et passent d'abord. Réessaie dans quelques minutes.
barred = L'équipe du stand a fermé le robot à cet appareil pour aujourd'hui. Tu peux toujours regarder, et jouer ici.
line-yours = Le robot est libre pour toi : lance ta partie dans la minute.
line-place = { $place ->
    [one] Tu es le prochain pour le robot.
   *[other] Tu es numéro { $place } dans la file pour le robot.
}
line-waiting = { $count ->
    [one] Une personne attend dans la file.
   *[other] { $count } personnes attendent dans la file.
}
turn-limit = Au moins un coup toutes les { $seconds } s, sinon la partie s'arrête et le robot passe au suivant.
need-token = Pour jouer, cet appareil a besoin du code du stand (code QR au stand) ; il peut regarder.
name-rule = Un nom compte de 3 à 15 lettres, chiffres, _ ou -.
bridge-lost = Connexion au robot perdue – reconnexion …
still-there = Tu es toujours là ? Sinon la partie se termine bientôt.
im-still-here = Je suis là
your-name = Ton nom
opponent = Adversaire
computer-opponent = l'ordinateur
person-opponent = une personne sur un autre appareil
watch-robot = Regarder
play-on-robot = Jouer sur le robot
leave-robot = Quitter la partie sur le robot
hint-waiting = Analyse (au plus { $seconds } s) …
worker-failed = L'ordinateur n'a pas pu jouer. Recharge la page, s'il te plaît.
thoughts = Ce que pense l'ordinateur
show-thinking = Réflexion
spectator-screen = Écran des spectateurs ↗
column = Colonne
row = Rangée
empty = vide
help-rules = Deux joueurs lâchent à tour de rôle des jetons dans les colonnes. Le premier qui aligne quatre des siens – à l'horizontale, à la verticale ou en diagonale – gagne.
help-play = Touche une colonne ou appuie sur son chiffre. Les flèches choisissent une colonne, Entrée lâche le jeton.
about = Version
turn = joue
review-game = Revoir la partie
game-review = Analyse de la partie
play-on-from-here = Reprendre d'ici
# The button's own words, inside its name above (so speech control finds it).
play-on = Reprendre
searching = Recherche …
real-search = Vraie recherche
minimax-teaching = Minimax (leçon)
how-it-thinks = Comment l'ordinateur réfléchit-il ?
search-tree = Arbre de recherche
fit = Ajuster
all = Tout
numbers = Nombres
tree-legend = Sous chaque jeton : sa colonne, puis sa valeur pour l'ordinateur (+ bon pour lui, − mauvais ; ≤ ou ≥ : seulement une borne, la recherche s'est arrêtée tôt là). ▸ positions d'une branche repliée ; ✂ coups coupés ; TT : pris dans la table des positions déjà vues.
zoom-in = Agrandir
zoom-out = Réduire
yellow = jaune
red = rouge
blue = bleu
green = vert
easy = Facile
medium = Moyen
hard = Difficile
perfect = Parfait
adaptive = Adaptatif
random-level = Au hasard
reviewing = Analyse de la partie (au plus { $seconds } s) …
not-allowed = Seule la personne qui joue sur le robot peut faire cela.
no-robot-game = Il n'y a pas de partie sur le robot en ce moment.
bridge-version = Cette page est plus ancienne que le stand : recharge-la, s'il te plaît.
level-not-offered = Le stand ne propose pas ce niveau : choisis-en un autre.
bridge-refused = Le stand a refusé le message. Recharge la page, s'il te plaît.
name-taken = Quelqu'un sur le robot a déjà ce nom : choisis-en un autre.
name-reserved = Le stand utilise lui-même ce nom : choisis-en un autre.
device-has-name = Cet appareil joue déjà sur le robot sous un autre nom.
waiting-for-opponent = On attend un adversaire … Un autre visiteur se joint depuis son appareil.
computers-turn-wait = Attends, c'est au tour de l'ordinateur.
robot-jammed = Un jeton est coincé dans le robot – l'équipe a été appelée. La partie est gardée.
robot-empty = Le robot n'a plus de jetons – l'équipe a été appelée. La partie est gardée.
robot-grid-full = Le plateau du robot doit être vidé – l'équipe a été appelée. La partie est gardée.
robot-not-answering = Le robot ne répond pas – l'équipe a été appelée. La partie est gardée.
demo-running = Le robot joue contre lui-même : touche pour jouer
play-here = Jouer plutôt ici
lobby-title = Puissance 4 contre le robot
lobby-intro = Entre ton nom, choisis un adversaire, et le robot lâche les jetons.
leave-question-computer = Quitter la partie contre l'ordinateur ?
leave-question = Quitter la partie ? L'autre joueur sera prévenu.
leave-yes = Quitter
stay = Rester
back-to-lobby = Retour à l'accueil
join-with-phone = Joue depuis ton téléphone : scanne le code.
sound = Son
sound-on = Son activé
sound-off = Son coupé
no-hints-on-robot = Pas de conseils sur le robot : avec eux, tout le monde jouerait parfaitement. Les parties sur cette tablette en ont.
other-wants-again = veut rejouer.
explainer-1-heading = 1. Tout jouer dans sa tête
explainer-1 = Avant de lâcher un jeton, l'ordinateur essaie dans sa tête chaque colonne, puis chacune de tes réponses, puis sa réponse à celle-ci … Cela forme un arbre : en haut la position actuelle, et chaque branche est un jeton lâché, de la couleur de ce joueur.
explainer-2-heading = 2. Estimer un score
explainer-2 = Il doit s'arrêter quelque part. Là, il estime si la position est bonne : les deux et les trois alignés qui peuvent encore devenir un quatre rapportent des points, ceux de l'adversaire en coûtent. Un vrai quatre vaut infiniment (∞).
explainer-3-heading = 3. Minimax
explainer-3 = Puis les scores remontent. Quand l'ordinateur joue, il prend la plus grande valeur. Quand tu joues, il suppose que tu trouves le coup le pire pour lui – la plus petite. Sur l'image : le coup A vaut 3, parce que tu répondrais par le 3. C'est la meilleure valeur, donc il joue A.
explainer-4-heading = 4. Alpha-bêta : sauter ce qui ne compte pas
explainer-4 = Au coup B, ta première réponse donne déjà 1. B vaut donc au plus 1 – moins que le 3 de A, quoi que donnent les autres réponses. Il n'a pas du tout besoin de les regarder : coupées (✂, tirets rouges). Le résultat est exactement le même, seulement bien plus rapide.
explainer-5-heading = 5. Pourquoi tant de positions ?
explainer-5 = 7 colonnes, 7 réponses, 7 réponses à celles-ci : après 3 coups il y a 343 positions, après 8 coups presque 6 millions. Alpha-bêta trouve la même réponse avec une petite fraction d'entre elles. Essaie « Minimax (pour apprendre) » plus haut : il dit combien a été économisé. Le joueur parfait retient dans une table (TT) les positions atteintes par différents ordres de coups.
explainer-6-heading = 6. Lire l'arbre
explainer-6 = Le nombre sous un jeton est sa valeur pour le joueur de ce jeton ; ≥ et ≤ veulent dire « au moins » et « au plus » (là, quelque chose a été coupé). Le chemin doré est ce que l'ordinateur attend ensuite. ▸ est une branche repliée : touche-la pour l'ouvrir, touche deux fois pour en faire la racine. Pointer un nœud ou appuyer longuement dessus montre sa position sur un petit plateau.

## Textes avec des nombres ou des noms. L'app remplit chaque $variable ;
## un nombre choisit sa forme du pluriel selon les règles de la langue.

# The sign between a number's whole part and its decimals.
decimal-sign = ,
language-name = Français
thought-wins-now = Ce coup gagne.
thought-wins-in = { $stones ->
    [one] Je peux gagner avec un jeton de plus.
   *[other] Je peux gagner avec { $stones } jetons de plus.
}
thought-loses-in = { $stones ->
    [one] Si tu joues parfaitement, tu gagnes avec un jeton de plus.
   *[other] Si tu joues parfaitement, tu gagnes avec { $stones } jetons de plus.
}
thought-draw = Si les deux jouent au mieux, c'est un match nul.
thought-must-block = Je dois bloquer la colonne { $column }.
thought-creates-threats = { $count ->
    [one] Ce coup crée une menace.
   *[other] Ce coup crée { $count } menaces.
}
thought-every-other-move-loses = Tout autre coup perd.
thought-unsolved = L'analyse parfaite n'était pas finie après { $seconds } s, donc ce coup vient de ma recherche Difficile.
thought-random-move = Je te laisse une chance …
seen-wins-in = { $stones ->
    [one] L'ordinateur peut gagner avec un jeton de plus.
   *[other] L'ordinateur peut gagner avec { $stones } jetons de plus.
}
seen-loses-in = { $stones ->
    [one] En jouant parfaitement, son adversaire gagne avec un jeton de plus.
   *[other] En jouant parfaitement, son adversaire gagne avec { $stones } jetons de plus.
}
seen-must-block = L'ordinateur doit bloquer la colonne { $column }.
seen-unsolved = L'analyse parfaite n'était pas finie après { $seconds } s, donc ce coup vient de la recherche Difficile de l'ordinateur.
seen-random-move = L'ordinateur laisse une chance à son adversaire …
still-there-watch = Aucun coup depuis un moment : la partie se termine bientôt.
demo-running-watch = Le robot joue contre lui-même jusqu'à ce qu'un visiteur commence une partie.
waiting-challenger = { $name } attend un adversaire sur le robot. Jouer contre { $name } ?
watch-no-game = Pas de partie sur le robot en ce moment.
away-waits = La page de { $name } est fermée : la partie attend encore { $seconds } s.
play-against = Jouer contre { $name }
searched = { $nodes ->
    [one] Colonne { $column } (profondeur { $depth }, { $nodes } position examinée).
   *[other] Colonne { $column } (profondeur { $depth }, { $nodes } positions examinées).
}
searched-known = Colonne { $column } : connue de la base, sans recherche.
searched-solved = Colonne { $column } : résolue jusqu'à la fin de la partie ({ $nodes } positions examinées).
search-line-solving = Résolution jusqu'à la fin de la partie · { $nodes } positions · { $speed } positions/s
search-line = Profondeur { $depth } · { $nodes } positions · { $speed } positions/s
search-line-best = Profondeur { $depth } · { $nodes } positions · { $speed } positions/s · meilleure jusqu'ici : colonne { $column } ({ $value })
your-turn-against = À toi de jouer ({ $colour }) – { $level } ({ $style })
computer-thinking-at = L'ordinateur réfléchit … – { $level } ({ $style })
to-move = Au tour de { $colour }
colour-wins = { CAPITAL($colour) } gagne !
level-classic = Classique { $depth }
cell = Rangée { $row }, colonne { $column } : { $owner }
column-button = Colonne { $column }
perfect-note = Sur { $columns } × { $rows }, Parfait joue sa meilleure recherche en { $seconds } s.
colour-menu = Couleurs { $player }
value-draw = nul
value-wins-now = gagne tout de suite
value-wins-in = gagne en { $moves } coups
value-loses-at-once = perd tout de suite
value-loses-in = perd en { $moves } coups
rank-wins = gagne
rank-best = meilleur
rank-good = bon
rank-weaker = plus faible
rank-poor = faible
rank-loses = perd
database-loading = Jeu parfait : { $loaded } Mo chargés
database-loading-of = Jeu parfait : { $loaded } Mo sur { $total } chargés
database-ready = Base de positions : les { $positions } positions de 12 jetons sont là, sur 7 × 6 le jeu parfait et les conseils répondent tout de suite, même hors ligne.
database-coming = Base de positions : en chargement. D'ici là, le jeu parfait peut prendre quelques secondes.
database-missing = Base de positions : indisponible. Le jeu parfait marche quand même, seulement plus lentement dans l'ouverture.
book-ready = Bibliothèque d'ouvertures : toutes les positions jusqu'à { $depth } jetons ({ $positions } positions), jeu parfait tout de suite là.
review-best = meilleur coup
review-good = bon
review-mistake-win = erreur : la colonne { $column } aurait gardé la victoire
review-mistake-draw = erreur : la colonne { $column } aurait gardé le nul
reviewed = { $number }. { CAPITAL($colour) }, colonne { $column } : { $mark }
decided = Décidé au coup { $number } : l'erreur de { $colour }.
decided-from-start = Aucune erreur : le résultat était fixé dès le premier coup.
tree-caption = Profondeur { $depth } : { $nodes ->
    [one] { $nodes } position
   *[other] { $nodes } positions
}, { $pruned ->
    [one] { $pruned } coup coupé
   *[other] { $pruned } coups coupés
}.
tree-caption-table = Profondeur { $depth } : { $nodes ->
    [one] { $nodes } position
   *[other] { $nodes } positions
}, { $pruned ->
    [one] { $pruned } coup coupé
   *[other] { $pruned } coups coupés
}, { $table } de la table (TT).
minimax-working = Calcul du minimax …
minimax-caption = Minimax, profondeur { $depth } : { $minimax } positions. Alpha-bêta à la même profondeur en demande { $alphabeta } – { $saved } % économisés.
tree-node = { $node } : { $value }
tree-node-root = racine
tree-node-column = colonne { $column }
tree-node-folded = { $count ->
    [one] { $count } nœud replié
   *[other] { $count } nœuds repliés
}
tree-node-pruned = { $count ->
    [one] { $count } coup coupé
   *[other] { $count } coups coupés
}
tree-node-from-table = de la table
a-player = Un joueur
someone = Quelqu'un
notice-player-left = { $name } a quitté la partie ; le robot est libre.
notice-ended-by-staff = L'équipe du stand a arrêté la partie. Le robot est libre.
notice-restarted = { $name } a commencé une nouvelle partie ; tu regardes maintenant.
notice-ended-idle = La partie est finie : personne n'a joué depuis un moment. Le robot est libre.
notice-no-opponent = Personne n'a relevé le défi à temps. Le robot est libre.
version = Version { $version } · MIT
caption-solving = L'ordinateur résout la partie jusqu'à la fin : { $nodes } positions jusqu'ici.
caption-thinking = L'ordinateur réfléchit { $depth } coups à l'avance : il a déjà regardé { $nodes } positions. Chaque jeton de l'arbre en est une.
caption-wins-now = La colonne { $column } aligne quatre jetons : l'ordinateur gagne !
caption-wins = Il voit une victoire sûre avec { $stones ->
    [one] encore un jeton
   *[other] encore { $stones } jetons
} à lui, quoi que fasse l'adversaire. Le chemin doré montre le début de cette victoire.
caption-blocks = L'adversaire menaçait d'aligner quatre jetons dans la colonne { $blocked } : l'ordinateur bloque. Il a regardé { $nodes } positions.
caption-loses = Il voit qu'un adversaire parfait pourrait gagner avec { $stones ->
    [one] encore un jeton
   *[other] encore { $stones } jetons
}. Il a choisi la colonne { $column }, le coup qui rend cela le plus difficile.
caption-draw = Si les deux jouent parfaitement, cette partie finit en match nul. Il a choisi la colonne { $column } après avoir regardé { $nodes } positions.
caption-random = Cette fois il a choisi la colonne { $column } au hasard, exprès : à ce niveau il joue parfois un coup faible, pour que les visiteurs puissent gagner.
caption-expects = L'ordinateur a regardé { $nodes } positions et choisi la colonne { $column }. Le chemin doré est la partie qu'il attend. Les ciseaux rouges (✂) marquent les branches coupées : elles ne pouvaient pas changer son choix.
robot-you-won = Tu as gagné contre { $name } !
robot-you-lost = { $name } a gagné. Tu as perdu.
robot-won = { $name } a gagné !
robot-your-turn = À toi de jouer, { $name }.
robot-turn-of = Au tour de { $name }.
robot-draw = Match nul entre { $first } et { $second }.
back-in-seconds = Retour à l'accueil dans { $seconds } s.
ends-in-seconds = La partie se termine dans { $seconds } s.
offer-stands = On attend un adversaire … Un autre visiteur se joint depuis son appareil. L'offre tient encore { $time }.
show-my-name = Afficher mon nom sur l’écran du stand
fame-title = Les meilleurs du jour contre le robot
a-visitor = Quelqu’un
fame-fastest = le plus rapide
fame-entry = { $name } a battu { $level } en { $moves ->
    [one] 1 coup
   *[other] { $moves } coups
}
fame-streak = { $name } a gagné { $wins } parties d’affilée
replay = La partie coup par coup
replay-first = Au début
replay-back = Un coup en arrière
replay-forward = Un coup en avant
replay-last = À la fin
replay-at = Coup { $number } sur { $total }
played-people = { $first } contre { $second }
played-computer = { $first } contre { $second }, niveau { $level }
