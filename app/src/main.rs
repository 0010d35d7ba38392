//! Mounts the app.

fn main() {
    leptos::mount::mount_to_body(app::App);
}
