//! What the computer thinks: the running search in numbers, the search
//! tree and its thoughts, newest first.

use leptos::prelude::*;

use crate::i18n::{Say, Text, use_i18n};
use crate::model::game::Game;
use crate::model::settings::Settings;
use crate::model::thoughts::Caption;
use crate::state::{DataView, Reader, SearchView, UiView};
use crate::tree::TreeView;

/// The panel beside the board; a `spectator` hears the thoughts in the
/// third person.
#[component]
pub fn Thoughts(spectator: bool) -> impl IntoView {
    let i18n = use_i18n();
    let settings = expect_context::<Reader<Settings>>();
    let game = expect_context::<Reader<Game>>();
    let search = expect_context::<SearchView>();
    let ui = expect_context::<UiView>();
    let colours =
        Signal::derive(move || settings.with(|s| s.colours.map(|c| c.class()).into_array()));
    let geometry = Signal::derive(move || game.with(|g| g.board.geometry()));
    // The insides are built once the page has been painted and the panel
    // is shown: beside the board on a wide screen at once, on a phone
    // (where the style sheet hides it until the "Thinking" button opens
    // it) at that first opening, not in a task a first tap waits for.
    let aside = NodeRef::<leptos::html::Aside>::new();
    let shown = RwSignal::new(false);
    crate::tree::on_laid_out(aside, move |w, h| {
        if w > 0.0 && h > 0.0 && !shown.get_untracked() {
            shown.set(true);
        }
    });
    view! {
        <aside class="thoughts" id="thoughts" aria-live="polite" node_ref=aside>
            <div class="thoughts-head">
                <h2>{move || i18n.t(Text::Thoughts)}</h2>
                <a class="spectator-link" href="watch" target="_blank">
                    {move || i18n.t(Text::SpectatorScreen)}
                </a>
            </div>
            <Show when=move || ui.painted.get() && shown.get()>
                <SearchLine/>
                <TreeView trace=search.trace.into() teaching=search.teaching.into() kind=ui.tree_kind.into()
                    colours=colours geometry=geometry/>
                <SearchCaption/>
                <ol>{move || search.thoughts.get().into_iter().map(|l| view! { <li>{i18n.say(&l.said_to(spectator))}</li> }).collect_view()}</ol>
            </Show>
        </aside>
    }
}

/// What the tree shows, in a sentence a visitor who never heard of a
/// search understands (large on the spectator screen, which stands
/// without staff beside the robot); it changes with the search.
#[component]
fn SearchCaption() -> impl IntoView {
    let i18n = use_i18n();
    let search = expect_context::<SearchView>();
    let game = expect_context::<Reader<Game>>();
    let text = move || {
        let left = game.with(|g| g.board.geometry().cells() - g.board.plies());
        search
            .thoughts
            .with(|thoughts| {
                search
                    .progress
                    .with(|p| Caption::of(p.as_ref(), thoughts, left))
            })
            .map(|caption| i18n.say(&Say::Caption(caption)))
    };
    view! { <p class="caption">{text}</p> }
}

/// The running search in numbers: depth, positions, speed, best so far;
/// while none runs, the database's download.
#[component]
fn SearchLine() -> impl IntoView {
    let i18n = use_i18n();
    let search = expect_context::<SearchView>();
    let data = expect_context::<DataView>();
    let game = expect_context::<Reader<Game>>();
    let text = move || {
        let Some(p) = search.progress.get() else {
            return match data.database.get() {
                Some(crate::protocol::Database::Loading { loaded, total }) => {
                    Some(i18n.say(&Say::DatabaseLoading { loaded, total }))
                }
                _ => None,
            };
        };
        let best = p
            .best_column
            .zip(p.best_value)
            .map(|(c, v)| (usize::from(c), v));
        // The solver reports the stones left as its depth: it searches to
        // the end of the game.
        let left = game.with(|g| g.board.geometry().cells() - g.board.plies());
        Some(i18n.say(&Say::SearchLine {
            depth: p.depth,
            nodes: p.nodes,
            per_second: p.nodes_per_second as u64,
            best,
            solving: usize::from(p.depth) >= left,
        }))
    };
    view! { <p class="search-line">{text}</p> }
}
