//! The booth's app, which the page a bridge serves loads: the demo's
//! with the booth's screens and link (the `booth` feature).

fn main() {
    app::mount();
}
