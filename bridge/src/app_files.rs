//! Where the app's files come from: a folder (what `trunk build` wrote) or
//! the binary itself (built with the `embed-app` feature), so a booth needs
//! nothing but the one file.

use std::path::{Path, PathBuf};

use axum::Router;
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use tower_http::services::{ServeDir, ServeFile};

/// The app as the server hands it out.
#[derive(Debug, Clone)]
pub enum AppFiles {
    /// A folder with `index.html` at its top.
    Folder(PathBuf),
    /// The `dist/` folder as it was when the binary was built.
    Embedded,
}

#[cfg(feature = "embed-app")]
static EMBEDDED: include_dir::Dir<'static> =
    include_dir::include_dir!("$CARGO_MANIFEST_DIR/../dist");

impl AppFiles {
    /// The app inside this binary, if it was built with one.
    pub fn embedded() -> Option<AppFiles> {
        cfg!(feature = "embed-app").then_some(AppFiles::Embedded)
    }

    /// The app in `dir`.
    ///
    /// # Errors
    /// A message saying how to get an app there when `index.html` is missing.
    pub fn folder(dir: &Path) -> Result<AppFiles, String> {
        if dir.join("index.html").is_file() {
            Ok(AppFiles::Folder(dir.to_path_buf()))
        } else {
            Err(format!(
                "no app in {}: build it with `trunk build --release`, pass --app-dir, \
                 or use a bridge built with `--features embed-app`",
                dir.display()
            ))
        }
    }

    /// One of the app's files (`book.c4b`), if it has it.
    pub fn read(&self, path: &str) -> Option<std::borrow::Cow<'static, [u8]>> {
        match self {
            AppFiles::Folder(dir) => std::fs::read(dir.join(path)).ok().map(Into::into),
            AppFiles::Embedded => embedded_file(path).map(Into::into),
        }
    }

    /// Where the files come from, in words.
    pub fn describe(&self) -> String {
        match self {
            AppFiles::Folder(dir) => format!("app from {}", dir.display()),
            AppFiles::Embedded => "app built into the binary".into(),
        }
    }

    /// Serves every path from the files; unknown paths get `index.html`, so
    /// the app's own routes (such as `/watch`) load the app.
    pub fn serve<S: Clone + Send + Sync + 'static>(&self, router: Router<S>) -> Router<S> {
        match self {
            AppFiles::Folder(dir) => {
                let files = ServeDir::new(dir).fallback(ServeFile::new(dir.join("index.html")));
                router.fallback_service(files)
            }
            AppFiles::Embedded => router.fallback(embedded),
        }
    }
}

#[cfg(feature = "embed-app")]
fn embedded_file(path: &str) -> Option<&'static [u8]> {
    EMBEDDED.get_file(path).map(include_dir::File::contents)
}

#[cfg(not(feature = "embed-app"))]
fn embedded_file(_path: &str) -> Option<&'static [u8]> {
    None
}

async fn embedded(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let (path, body) = match embedded_file(path).filter(|_| !path.is_empty()) {
        Some(body) => (path, body),
        None => match embedded_file("index.html") {
            Some(body) => ("index.html", body),
            None => return (StatusCode::NOT_FOUND, "no app in this binary").into_response(),
        },
    };
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(content_type(path)),
    );
    // The service worker decides about caching; the server must not pin
    // an old page or worker script in the HTTP cache.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// The media type browsers need to run or show a file of the app.
pub fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map_or("", |(_, ext)| ext) {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        "png" => "image/png",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_browser_gets_the_types_it_insists_on() {
        // Chromium refuses streaming compilation without application/wasm
        // and module scripts without a JavaScript type.
        assert_eq!(content_type("app-1234_bg.wasm"), "application/wasm");
        assert_eq!(content_type("worker.js"), "text/javascript; charset=utf-8");
        assert_eq!(content_type("index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("book.c4b"), "application/octet-stream");
    }

    #[test]
    fn a_folder_without_an_app_is_refused_with_advice() {
        let err = AppFiles::folder(Path::new("/nonexistent")).unwrap_err();
        assert!(err.contains("trunk build --release"), "{err}");
    }
}
