//! Where the app's files come from: a folder (what `trunk build` wrote) or
//! the binary itself (built with the `embed-app` feature), so a booth needs
//! nothing but the one file; and how they are served.
//!
//! Every file goes out compressed when the build made a Brotli or gzip
//! copy beside it (`app/post-build.mjs`) and the browser takes it. A file
//! whose name carries its content's hash never changes and is cached for a
//! year; every other (the page, `sw.js`, the worker, the data files) is
//! revalidated with its ETag and costs a `304` when unchanged. The page is
//! the booth's own (`index.bridge.html`, marked as served by a bridge).
//!
//! Every request for a file shares one copy of it in memory (the binary's
//! own, or one read from the folder and kept until the file changes): a
//! thousand slow readers of the 2.6 MB database cost one copy, not a
//! thousand.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

/// The app as the server hands it out.
#[derive(Debug, Clone)]
pub enum AppFiles {
    /// A folder with `index.html` at its top.
    Folder(Folder),
    /// The `dist/` folder as it was when the binary was built.
    Embedded,
}

#[cfg(feature = "embed-app")]
static EMBEDDED: include_dir::Dir<'static> =
    include_dir::include_dir!("$CARGO_MANIFEST_DIR/../dist");

/// The page as the bridge serves it; `index.html` where the build made
/// none.
const PAGE: &str = "index.bridge.html";

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
            Ok(AppFiles::Folder(Folder {
                dir: dir.to_path_buf(),
                kept: Arc::default(),
            }))
        } else {
            Err(format!(
                "no app in {}: build it with `trunk build --release`, pass --app-dir, \
                 or use a bridge built with `--features embed-app`",
                dir.display()
            ))
        }
    }

    /// One of the app's files (`book.c4b`), if it has it. A path that could
    /// leave the app's folder names nothing.
    pub fn read(&self, path: &str) -> Option<Bytes> {
        self.file(path).map(|file| file.body)
    }

    /// One of the app's files with its entity tag.
    fn file(&self, path: &str) -> Option<File> {
        let plain = path
            .split('/')
            .all(|part| !part.is_empty() && !part.starts_with('.') && !part.contains('\\'));
        if !plain {
            return None;
        }
        match self {
            AppFiles::Folder(folder) => folder.file(path),
            AppFiles::Embedded => {
                let body = embedded_file(path)?;
                Some(File {
                    tag: embedded_etag(path, body),
                    body: Bytes::from_static(body),
                })
            }
        }
    }

    /// Where the files come from, in words.
    pub fn describe(&self) -> String {
        match self {
            AppFiles::Folder(folder) => format!("app from {}", folder.dir.display()),
            AppFiles::Embedded => "app built into the binary".into(),
        }
    }

    /// Serves every path from the files; unknown paths get the page, so
    /// the app's own routes (such as `/watch`) load the app.
    pub fn serve<S: Clone + Send + Sync + 'static>(&self, router: Router<S>) -> Router<S> {
        let files = self.clone();
        router.fallback(move |uri: Uri, headers: HeaderMap| {
            let files = files.clone();
            async move { files.answer(uri.path(), &headers) }
        })
    }

    /// The answer to a request for `path` with these request headers.
    fn answer(&self, path: &str, request: &HeaderMap) -> Response {
        let path = path.trim_start_matches('/');
        let asked = (!path.is_empty() && path != "index.html")
            .then(|| self.file(path).map(|file| (path, file)))
            .flatten();
        let Some((name, File { body, tag })) = asked
            .or_else(|| self.file(PAGE).map(|file| (PAGE, file)))
            .or_else(|| self.file("index.html").map(|file| ("index.html", file)))
        else {
            return (StatusCode::NOT_FOUND, "no app here").into_response();
        };
        let mut response = if not_modified(request, &tag) {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            let (encoding, body) = accepted(request)
                .into_iter()
                .find_map(|(encoding, ext)| {
                    self.read(&format!("{name}.{ext}"))
                        .map(|body| (Some(encoding), body))
                })
                .unwrap_or((None, body));
            let mut response = Response::new(Body::from(body));
            let headers = response.headers_mut();
            headers.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static(content_type(name)),
            );
            if let Some(encoding) = encoding {
                headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
            }
            response
        };
        let headers = response.headers_mut();
        if let Ok(tag) = HeaderValue::from_str(&tag) {
            headers.insert(header::ETAG, tag);
        }
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(if hashed(name) {
                "public, max-age=31536000, immutable"
            } else {
                "no-cache"
            }),
        );
        response
    }
}

/// The app's folder, with the files read from it so far.
#[derive(Debug, Clone)]
pub struct Folder {
    dir: PathBuf,
    /// By path: one copy each, shared by every response that sends it.
    kept: Arc<Mutex<HashMap<String, Kept>>>,
}

/// A file as read, with what tells whether it is still the file on disk.
#[derive(Debug, Clone)]
struct Kept {
    modified: SystemTime,
    len: u64,
    file: File,
}

/// A file's content and entity tag.
#[derive(Debug, Clone)]
struct File {
    body: Bytes,
    tag: String,
}

impl Folder {
    /// `path` as it is on disk now: the copy kept while its time and size
    /// are the same, else read again (a new build replaces the files).
    /// Only files that exist are kept, so the memory is at most the
    /// folder's size.
    fn file(&self, path: &str) -> Option<File> {
        let full = self.dir.join(path);
        let meta = std::fs::metadata(&full).ok().filter(|m| m.is_file())?;
        let modified = meta.modified().ok()?;
        let len = meta.len();
        if let Some(kept) = self.kept.lock().expect("files lock").get(path)
            && (kept.modified, kept.len) == (modified, len)
        {
            return Some(kept.file.clone());
        }
        let body = Bytes::from(std::fs::read(&full).ok()?);
        let file = File {
            tag: etag(&body),
            body,
        };
        self.kept.lock().expect("files lock").insert(
            path.to_owned(),
            Kept {
                modified,
                len,
                file: file.clone(),
            },
        );
        Some(file)
    }
}

/// The entity tag of the binary's file `name`, worked out once per file
/// (they never change, and the page's Wasm is 744 KB to hash).
fn embedded_etag(name: &str, body: &[u8]) -> String {
    static KNOWN: std::sync::LazyLock<Mutex<HashMap<String, String>>> =
        std::sync::LazyLock::new(Default::default);
    let mut known = KNOWN.lock().expect("etags lock");
    known
        .entry(name.to_owned())
        .or_insert_with(|| etag(body))
        .clone()
}

#[cfg(feature = "embed-app")]
fn embedded_file(path: &str) -> Option<&'static [u8]> {
    EMBEDDED.get_file(path).map(include_dir::File::contents)
}

#[cfg(not(feature = "embed-app"))]
fn embedded_file(_path: &str) -> Option<&'static [u8]> {
    None
}

/// The compressed copies the browser takes, best first: the encoding and
/// the copy's extension.
fn accepted(request: &HeaderMap) -> Vec<(&'static str, &'static str)> {
    let takes = |wanted: &str| {
        listed(request, header::ACCEPT_ENCODING).any(|item| {
            let mut parts = item.split(';').map(str::trim);
            parts
                .next()
                .is_some_and(|name| name.eq_ignore_ascii_case(wanted))
                && parts.all(|p| {
                    // `q=0` refuses the encoding, in any case and spacing.
                    let p = p.to_ascii_lowercase();
                    p.strip_prefix('q')
                        .map(|rest| rest.trim_start())
                        .and_then(|rest| rest.strip_prefix('='))
                        .and_then(|q| q.trim().parse::<f32>().ok())
                        .is_none_or(|q| q > 0.0)
                })
        })
    };
    [("br", "br"), ("gzip", "gz")]
        .into_iter()
        .filter(|(encoding, _)| takes(encoding))
        .collect()
}

/// The file's entity tag: a hash of its content (every encoding of it is
/// the same file to the browser's cache, which keys by `Vary`).
fn etag(body: &[u8]) -> String {
    // FNV-1a: no cryptography needed, only a change in any byte seen.
    let hash = body.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("\"{hash:016x}-{}\"", body.len())
}

/// Whether the browser's copy (`If-None-Match`) is the file as it is.
fn not_modified(request: &HeaderMap, tag: &str) -> bool {
    listed(request, header::IF_NONE_MATCH).any(|given| {
        let given = given.trim();
        given == "*" || given.trim_start_matches("W/") == tag
    })
}

/// The items of a request header that lists them with commas, in all its
/// lines.
fn listed(request: &HeaderMap, name: header::HeaderName) -> impl Iterator<Item = &str> {
    request
        .get_all(name)
        .into_iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
}

/// Whether the name carries its content's hash, as Trunk names the app's
/// own files (`app-0123456789abcdef_bg.wasm`, `style-….css`; Trunk writes
/// the hash without leading zeros, so it may have fewer than 16 digits).
fn hashed(name: &str) -> bool {
    name.split('-').skip(1).any(|part| {
        let digits = part.bytes().take_while(u8::is_ascii_hexdigit).count();
        (12..=16).contains(&digits) && matches!(part.as_bytes().get(digits), Some(b'_' | b'.'))
    })
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
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::Scratch;

    #[test]
    fn the_browser_gets_the_types_it_insists_on() {
        // Chromium refuses streaming compilation without application/wasm
        // and module scripts without a JavaScript type.
        assert_eq!(content_type("app-1234_bg.wasm"), "application/wasm");
        assert_eq!(content_type("worker.js"), "text/javascript; charset=utf-8");
        assert_eq!(content_type("index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("book.c4b"), "application/octet-stream");
    }

    /// A built app in a folder of its own, removed with the `Scratch`: a
    /// hashed Wasm file with its compressed copies, the two pages and the
    /// service worker.
    fn app(test: &str) -> (AppFiles, Scratch) {
        let dir = Scratch::new(&format!("app-files-{test}"));
        for (name, body) in [
            ("index.html", "<html><head></head>static</html>"),
            (
                "index.bridge.html",
                "<html><head><meta name=connect4-bridge></head></html>",
            ),
            ("sw.js", "const VERSION = 'x';"),
            ("app-0123456789abcdef_bg.wasm", "\0asm plain"),
            ("app-0123456789abcdef_bg.wasm.br", "brotli"),
            ("app-0123456789abcdef_bg.wasm.gz", "gzip"),
        ] {
            std::fs::write(dir.join(name), body).unwrap();
        }
        (AppFiles::folder(&dir).unwrap(), dir)
    }

    /// The status, headers and body of a request for `path`.
    async fn get(
        files: &AppFiles,
        path: &str,
        headers: &[(&str, &str)],
    ) -> (StatusCode, HeaderMap, String) {
        let mut request = HeaderMap::new();
        for (name, value) in headers {
            request.insert(
                axum::http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                value.parse().unwrap(),
            );
        }
        let response = files.answer(path, &request);
        let (status, headers) = (response.status(), response.headers().clone());
        let body = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .unwrap();
        (status, headers, String::from_utf8_lossy(&body).into_owned())
    }

    #[tokio::test]
    async fn files_go_out_compressed_as_the_browser_takes_them() {
        let (files, _scratch) = app("compressed");
        let wasm = "/app-0123456789abcdef_bg.wasm";
        let (_, headers, body) =
            get(&files, wasm, &[("accept-encoding", "gzip, deflate, br")]).await;
        assert_eq!(
            (headers["content-encoding"].to_str().unwrap(), body.as_str()),
            ("br", "brotli")
        );
        assert_eq!(headers["content-type"], "application/wasm");
        for refused in ["gzip, br;q=0", "gzip, BR;Q=0", "gzip, br; q = 0.0"] {
            let (_, headers, body) = get(&files, wasm, &[("accept-encoding", refused)]).await;
            assert_eq!(
                (headers["content-encoding"].to_str().unwrap(), body.as_str()),
                ("gzip", "gzip"),
                "{refused}"
            );
        }
        let (_, headers, body) = get(&files, wasm, &[]).await;
        assert!(headers.get("content-encoding").is_none());
        assert_eq!(body, "\0asm plain");
        assert_eq!(headers["vary"], "accept-encoding");
    }

    #[tokio::test]
    async fn hashed_files_are_kept_a_year_and_the_rest_revalidated_with_304() {
        let (files, _scratch) = app("cached");
        let (_, headers, _) = get(&files, "/app-0123456789abcdef_bg.wasm", &[]).await;
        assert_eq!(
            headers["cache-control"],
            "public, max-age=31536000, immutable"
        );
        let (status, headers, _) = get(&files, "/sw.js", &[]).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(headers["cache-control"], "no-cache");
        let tag = headers["etag"].to_str().unwrap().to_owned();
        let (status, again, body) = get(&files, "/sw.js", &[("if-none-match", &tag)]).await;
        assert_eq!((status, body.as_str()), (StatusCode::NOT_MODIFIED, ""));
        assert_eq!(again["etag"], tag.as_str());
        // A new build: the same size, a later time.
        let AppFiles::Folder(folder) = &files else {
            unreachable!()
        };
        let sw = folder.dir.join("sw.js");
        std::fs::write(&sw, "const VERSION = 'y';").unwrap();
        let later = SystemTime::now() + std::time::Duration::from_secs(2);
        std::fs::File::options()
            .write(true)
            .open(&sw)
            .unwrap()
            .set_modified(later)
            .unwrap();
        let (status, _, body) = get(&files, "/sw.js", &[("if-none-match", &tag)]).await;
        assert_eq!(
            (status, body.as_str()),
            (StatusCode::OK, "const VERSION = 'y';")
        );
    }

    #[tokio::test]
    async fn the_page_and_the_apps_routes_are_the_booths_page_and_no_path_leaves_the_folder() {
        let (files, _scratch) = app("page");
        for path in [
            "/",
            "/index.html",
            "/watch",
            "/../../etc/passwd",
            "/.hidden",
        ] {
            let (status, headers, body) = get(&files, path, &[]).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert!(body.contains("connect4-bridge"), "{path}: {body}");
            assert_eq!(headers["content-type"], "text/html; charset=utf-8");
        }
        assert!(!hashed("worker_bg.wasm") && !hashed("book.c4b") && !hashed("index.html"));
        assert!(hashed("style-0123456789abcdef.css"));
        assert!(
            hashed("app-a9688c03a723d8_bg.wasm"),
            "a hash with its leading zeros dropped"
        );
        assert!(!hashed("icon-48.png"));
    }

    #[test]
    fn a_folder_without_an_app_is_refused_with_advice() {
        let err = AppFiles::folder(Path::new("/nonexistent")).unwrap_err();
        assert!(err.contains("trunk build --release"), "{err}");
    }
}
