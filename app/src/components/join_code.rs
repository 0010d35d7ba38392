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
    // The address and port never break inside ("3208 / 0"); the token
    // may, anywhere.
    let parts = move || {
        join_url()
            .map(|url| address_and_rest(&url))
            .unwrap_or_default()
    };
    view! {
        <Show when=move || join_url().is_some()>
            <figure class="join">
                <img src="join-qr.svg" alt="" width=size height=size/>
                <figcaption>{move || i18n.t(Text::JoinWithPhone)}<br/>
                    <code><span class="whole">{move || parts().0}</span><wbr/>{move || parts().1}</code>
                </figcaption>
            </figure>
        </Show>
    }
}

/// `http://host:port` and the rest of `url`.
fn address_and_rest(url: &str) -> (String, String) {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    let cut = url[after_scheme..]
        .find('/')
        .map_or(url.len(), |i| after_scheme + i);
    (url[..cut].to_string(), url[cut..].to_string())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_address_is_kept_whole_and_the_token_apart() {
        assert_eq!(
            super::address_and_rest("http://192.168.1.5:3208/?token=ab12"),
            ("http://192.168.1.5:3208".into(), "/?token=ab12".into())
        );
        assert_eq!(
            super::address_and_rest("http://pi:8080"),
            ("http://pi:8080".into(), String::new())
        );
    }
}
