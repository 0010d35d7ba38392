//! With the `embed-app` feature the binary carries `dist/`: rebuild when
//! it changes, and say what to do when it was not built yet.

fn main() {
    if std::env::var_os("CARGO_FEATURE_EMBED_APP").is_some() {
        println!("cargo:rerun-if-changed=../dist");
        if !std::path::Path::new("../dist/index.html").is_file() {
            panic!("the embed-app feature needs the built app: run `trunk build --release` first");
        }
    }
}
