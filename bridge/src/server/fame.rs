//! `/fame.json`: the day's hall of fame for the spectator screen, open to
//! every page (it names only visitors who let their names be shown).
//!
//! Any phone on the booth's Wi-Fi may ask for it as often as it likes, so
//! the records are read again only when the hall of fame changed (a game
//! ended, the staff hid one) or a minute went by (the day may have
//! turned); everyone else gets the copy, and asking never crowds the
//! records' queue that the games are written through.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::AppState;

/// The longest a copy is served without a look at the records.
const FRESH: Duration = Duration::from_secs(60);

/// The hall of fame as last read.
pub(super) struct Copy {
    edition: u32,
    read: Instant,
    json: Arc<str>,
}

/// The latest copy, one reader at a time.
pub(super) type Kept = Arc<tokio::sync::Mutex<Option<Copy>>>;

/// The hall of fame of today, as JSON.
pub(super) async fn hall_of_fame(State(state): State<AppState>) -> Response {
    let edition = state.booth.lock().expect("booth lock").fame_edition();
    let mut kept = state.fame.lock().await;
    let json = match kept
        .as_ref()
        .filter(|c| c.edition == edition && c.read.elapsed() < FRESH)
    {
        Some(copy) => Arc::clone(&copy.json),
        None => {
            let records = state.records.clone();
            let fame = tokio::task::spawn_blocking(move || records.hall_of_fame(None))
                .await
                .unwrap_or_default();
            let json: Arc<str> = serde_json::to_string(&fame).unwrap_or_default().into();
            *kept = Some(Copy {
                edition,
                read: Instant::now(),
                json: Arc::clone(&json),
            });
            json
        }
    };
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        json.to_string(),
    )
        .into_response()
}
