//! "How the computer thinks": minimax and alpha-beta explained for a
//! 14-year-old visitor, with a small tree drawn beside the words, so a booth
//! without staff still answers the questions visitors ask.

use leptos::prelude::*;

use crate::i18n::{Lang, Text};
use crate::{toggle_panel, use_ctx};

/// One section: a heading and its paragraph, in both languages.
struct Section {
    de: (&'static str, &'static str),
    en: (&'static str, &'static str),
}

const SECTIONS: [Section; 6] = [
    Section {
        de: (
            "1. Alles im Kopf durchspielen",
            "Bevor der Computer eine Münze wirft, probiert er in Gedanken jede Spalte aus, dann jede deiner Antworten, dann seine Antwort darauf … So entsteht ein Baum: oben die Stellung jetzt, jeder Ast ist eine eingeworfene Münze in der Farbe des Spielers.",
        ),
        en: (
            "1. Playing it all in its head",
            "Before the computer drops a coin, it tries every column in its head, then every answer you could give, then its answer to that … This makes a tree: the position now at the top, and every branch is one coin dropped, in that player's colour.",
        ),
    },
    Section {
        de: (
            "2. Punkte schätzen",
            "Irgendwo muss er aufhören. Dort schätzt er, wie gut die Stellung ist: Zweier und Dreier, die noch zu einem Vierer werden können, geben Punkte, die des Gegners ziehen Punkte ab. Ein echter Vierer ist unendlich viel wert (∞).",
        ),
        en: (
            "2. Guessing a score",
            "It has to stop somewhere. There it guesses how good the position is: twos and threes that can still become a four earn points, the opponent's cost points. A real four is worth infinitely much (∞).",
        ),
    },
    Section {
        de: (
            "3. Minimax",
            "Dann wandern die Punkte nach oben. Ist der Computer am Zug, nimmt er den größten Wert. Bist du am Zug, nimmt er an, dass du den für ihn schlechtesten Zug findest – den kleinsten. Im Bild: Zug A bringt höchstens 3, weil du mit 3 antwortest. Das ist der beste Wert, also spielt er A.",
        ),
        en: (
            "3. Minimax",
            "Then the scores travel up. When the computer moves, it takes the biggest value. When you move, it assumes you find the move that is worst for it – the smallest. In the picture: move A is worth 3, because you would answer with the 3. That is the best value, so it plays A.",
        ),
    },
    Section {
        de: (
            "4. Alpha-Beta: Unwichtiges weglassen",
            "Bei Zug B findet deine erste Antwort schon eine 1. B ist also höchstens 1 wert – schlechter als die 3 von A, egal was die anderen Antworten bringen. Die muss er gar nicht mehr anschauen: abgeschnitten (✂, rot gestrichelt). Das Ergebnis bleibt genau dasselbe, nur viel schneller.",
        ),
        en: (
            "4. Alpha-beta: skip what cannot matter",
            "At move B, your first answer already scores 1. So B is worth at most 1 – worse than A's 3, whatever the other answers bring. It does not need to look at them at all: pruned (✂, dashed red). The result is exactly the same, only much faster.",
        ),
    },
    Section {
        de: (
            "5. Warum so viele Stellungen?",
            "7 Spalten, 7 Antworten, 7 Antworten darauf: nach 3 Zügen sind es 343 Stellungen, nach 8 Zügen fast 6 Millionen. Alpha-Beta schafft dieselbe Antwort mit einem kleinen Bruchteil. Probier oben „Minimax (Lernansicht)“: dort steht, wie viel gespart wurde. Stellungen, die auf verschiedenen Wegen entstehen, merkt sich der perfekte Spieler in einer Tabelle (TT).",
        ),
        en: (
            "5. Why so many positions?",
            "7 columns, 7 answers, 7 answers to those: after 3 moves there are 343 positions, after 8 moves almost 6 million. Alpha-beta finds the same answer with a small fraction of them. Try “Minimax (teaching)” above: it says how much was saved. Positions reached by different orders of moves are remembered in a table (TT) by the perfect player.",
        ),
    },
    Section {
        de: (
            "6. Den Baum lesen",
            "Die Zahl unter einer Münze ist ihr Wert für den Spieler dieser Münze; ≥ und ≤ heißen „mindestens“ und „höchstens“ (dort wurde abgeschnitten). Der gelbe Pfad ist, was der Computer als Nächstes erwartet. ▸ ist ein zugeklappter Ast: antippen öffnet ihn, doppelt tippen macht ihn zur Wurzel. Zeigen oder lange drücken zeigt die Stellung als kleines Brett.",
        ),
        en: (
            "6. Reading the tree",
            "The number under a coin is its value for that coin's player; ≥ and ≤ mean “at least” and “at most” (something was pruned there). The yellow path is what the computer expects next. ▸ is a folded branch: tap to open it, double-tap to make it the root. Pointing at a node or pressing it long shows its position as a small board.",
        ),
    },
];

/// The small example tree: minimax values climbing up, one pruned branch.
const PICTURE: &str = r##"<svg viewBox="0 0 320 190" role="img">
<line class="edge pv" x1="160" y1="24" x2="80" y2="86"/><line class="edge" x1="160" y1="24" x2="240" y2="86"/>
<line class="edge pv" x1="80" y1="86" x2="40" y2="152"/><line class="edge" x1="80" y1="86" x2="120" y2="152"/>
<line class="edge" x1="240" y1="86" x2="200" y2="152"/><line class="edge pruned" x1="240" y1="86" x2="280" y2="152"/>
<circle class="root" cx="160" cy="24" r="14"/><text x="160" y="29">3</text>
<circle class="me" cx="80" cy="86" r="14"/><text x="80" y="91">3</text><text class="tag" x="56" y="78">A</text>
<circle class="me" cx="240" cy="86" r="14"/><text x="240" y="91">≤1</text><text class="tag" x="264" y="78">B</text>
<circle class="you" cx="40" cy="152" r="14"/><text x="40" y="157">3</text>
<circle class="you" cx="120" cy="152" r="14"/><text x="120" y="157">5</text>
<circle class="you" cx="200" cy="152" r="14"/><text x="200" y="157">1</text>
<circle class="cut" cx="280" cy="152" r="14"/><text class="cut" x="280" y="157">✂</text>
<text class="row" x="316" y="90">max</text><text class="row" x="316" y="156">min</text>
</svg>"##;

/// The explainer panel, opened from the tree.
#[component]
pub(crate) fn Explainer() -> impl IntoView {
    let ctx = use_ctx();
    let lang = move || ctx.settings.with(|s| s.lang);
    let title = move || match lang() {
        Lang::De => "Wie denkt der Computer?",
        Lang::En => "How does the computer think?",
    };
    let sections = move || {
        let lang = lang();
        SECTIONS
            .iter()
            .map(|s| {
                let (head, body) = if lang == Lang::De { s.de } else { s.en };
                view! { <h3>{head}</h3><p>{body}</p> }
            })
            .collect_view()
    };
    view! {
        <section id="explain" class="panel wide" aria-label=title>
            <h2>{title}</h2>
            <div class="picture" inner_html=PICTURE></div>
            {sections}
            <button class="close" on:click=move |_| toggle_panel("explain")>
                {move || lang().t(Text::Close)}
            </button>
        </section>
    }
}
