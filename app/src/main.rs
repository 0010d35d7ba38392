//! The public demo's app: mounts it on the page (see [`app::mount`]).
//! Built without the `booth` feature (index.html).

fn main() {
    app::mount();
}
