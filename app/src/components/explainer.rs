//! "How the computer thinks": minimax and alpha-beta explained for a
//! 14-year-old visitor, with a small tree drawn beside the words, so a booth
//! without staff still answers the questions visitors ask.

use leptos::prelude::*;

use crate::i18n::{Text, use_i18n};
use crate::state::{Panel, UiView};

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
pub fn Explainer() -> impl IntoView {
    let i18n = use_i18n();
    let ui = expect_context::<UiView>();
    let screen = crate::control::use_screen();
    let title = move || i18n.t(Text::HowItThinks);
    let sections = move || {
        i18n.lang()
            .explainer()
            .iter()
            .map(|&(head, body)| view! { <h3>{head}</h3><p>{body}</p> })
            .collect_view()
    };
    view! {
        <section id="explain" class="panel wide" class:open=move || ui.is_open(Panel::Explainer)
            aria-label=title>
            <h2>{title}</h2>
            <div class="picture" inner_html=PICTURE></div>
            {sections}
            <button class="close" on:click=move |_| screen.toggle_panel(Panel::Explainer)>
                {move || i18n.t(Text::Close)}
            </button>
        </section>
    }
}
