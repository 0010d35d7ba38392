//! The booth's QR code and address for phones on its network, shown on the
//! booth's own screens only (the bridge sends the address to no one else).

use leptos::prelude::*;

use crate::i18n::{Text, use_i18n};
use crate::state::BoothView;

/// The QR code, `size` pixels square, and the address under it.
#[component]
pub fn JoinCode(size: u32) -> impl IntoView {
    let booth = expect_context::<BoothView>();
    let i18n = use_i18n();
    let join_url = move || booth.join_url();
    view! {
        <Show when=move || join_url().is_some()>
            <figure class="join">
                <img src="join-qr.svg" alt="" width=size height=size/>
                <figcaption>{move || i18n.t(Text::JoinWithPhone)}<br/><code>{join_url}</code></figcaption>
            </figure>
        </Show>
    }
}
