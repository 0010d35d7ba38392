//! The opening book and the position database as they come over the
//! network: downloaded with their progress, the database's body inflated
//! by the browser and checked by the engine.

use engine::PositionDatabase;
use engine::database::{DatabaseError, LayerFile};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

/// The opening book and the position database beside `index.html` (the
/// service worker keeps copies for offline use).
pub(super) const BOOK_URL: &str = "./book.c4b";
pub(super) const LAYER_URL: &str = "./layer12.c4l";

/// Downloads a file, telling `progress` the bytes so far and in all (when
/// the server says). Without the book or the database every answer is
/// still right, only slower, so a failure only costs time.
pub(super) async fn fetch_bytes(
    url: &str,
    mut progress: impl FnMut(u32, Option<u32>),
) -> Result<Vec<u8>, String> {
    let scope: web_sys::WorkerGlobalScope = js_sys::global().unchecked_into();
    let response = JsFuture::from(scope.fetch_with_str(url))
        .await
        .map_err(|_| "no network".to_string())?;
    let response: web_sys::Response = response.unchecked_into();
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let total = response
        .headers()
        .get("content-length")
        .ok()
        .flatten()
        .and_then(|t| t.parse().ok());
    let body = response.body().ok_or("no body")?;
    let capacity = total.unwrap_or(0) as usize;
    read_stream(&body, capacity, usize::MAX, |loaded| {
        progress(loaded, total)
    })
    .await
    .map_err(|e| e.unwrap_or_else(|| "download cut short".into()))
}

/// Reads a stream to its end, into a buffer of `capacity`, telling
/// `progress` the bytes so far. More than `most` bytes is an error
/// (`Some` reason); a stream that fails is `None`.
async fn read_stream(
    stream: &web_sys::ReadableStream,
    capacity: usize,
    most: usize,
    mut progress: impl FnMut(u32),
) -> Result<Vec<u8>, Option<String>> {
    let reader: web_sys::ReadableStreamDefaultReader = stream.get_reader().unchecked_into();
    let mut bytes = Vec::with_capacity(capacity);
    loop {
        let chunk = JsFuture::from(reader.read()).await.map_err(|_| None)?;
        let done = js_sys::Reflect::get(&chunk, &"done".into()).map_err(|_| None)?;
        if done.is_truthy() {
            return Ok(bytes);
        }
        let value = js_sys::Reflect::get(&chunk, &"value".into()).map_err(|_| None)?;
        let value = js_sys::Uint8Array::new(&value);
        let (start, end) = (bytes.len(), bytes.len() + value.length() as usize);
        if end > most {
            let _ = reader.cancel();
            return Err(Some(format!("more than {most} bytes")));
        }
        // Straight into the buffer, not through a copy of each chunk.
        bytes.resize(end, 0);
        value.copy_to(&mut bytes[start..]);
        progress(end as u32);
    }
}

#[wasm_bindgen]
extern "C" {
    /// The browser's own inflater (web-sys has it only among its unstable
    /// APIs). The page's Wasm carries none of its own: 7 KB gzip.
    #[wasm_bindgen(extends = js_sys::Object)]
    type DecompressionStream;
    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<DecompressionStream, JsValue>;
}

/// Reads a position database file: its header here, its raw-deflate body
/// inflated by the browser (a browser without `DecompressionStream`,
/// Safari before 16.4, plays without the database), the result checked
/// by the engine against the header's size and checksum.
pub(super) async fn read_database(bytes: &[u8]) -> Result<PositionDatabase, String> {
    let file = LayerFile::read(bytes).map_err(|e| e.to_string())?;
    let inflater =
        DecompressionStream::new("deflate-raw").map_err(|_| "this browser cannot inflate it")?;
    let deflated = js_sys::Uint8Array::from(file.deflated());
    let response =
        web_sys::Response::new_with_opt_buffer_source(Some(&deflated)).map_err(|_| "no stream")?;
    let inflated = response
        .body()
        .ok_or("no stream")?
        .pipe_through(inflater.unchecked_ref());
    let body = read_stream(&inflated, file.body_len(), file.most_body_len(), |_| {})
        .await
        .map_err(|e| e.unwrap_or_else(|| DatabaseError::Damaged.to_string()))?;
    file.with_body(body).map_err(|e| e.to_string())
}
