//! The operator page and its API, behind the operator token: the state
//! (pushed as server-sent events on every change), the games as CSV, the
//! staff's actions (through the booth's staff command, as a page's message
//! goes through its command) and their settings (checked, saved, then in
//! effect).

use std::path::PathBuf;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use futures_util::StreamExt;
use serde::Serialize;

use super::AppState;
use super::security::require_operator;
use crate::booth::events::Event;
use crate::booth::{GameSummary, StaffAction};
use crate::config::{Config, LevelChoices, StaffSettings};
use crate::messages::fame::HallOfFame;
use crate::messages::{Language, RobotStatus};
use crate::records::{FileEvent, GameRecord, Tally, Unrecorded};
use crate::robot_link::LogEntry;

/// The operator page and its API, on the booth's computer only unless
/// the config opens them to the LAN.
pub(super) fn routes(state: &AppState) -> Router<AppState> {
    Router::new()
        .route("/operator", get(page))
        .merge(api(state))
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            super::security::operator_here,
        ))
}

/// The operator's API, behind its token (the page itself is static).
fn api(state: &AppState) -> Router<AppState> {
    Router::new()
        .route("/operator/state", get(operator_state))
        .route("/operator/events", get(operator_events))
        .route("/operator/games.csv", get(operator_games_csv))
        .route("/operator/day", get(operator_day))
        .route("/operator/action", post(operator_action))
        .route("/operator/settings", post(operator_settings))
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            require_operator,
        ))
}

/// A refused change of settings: every problem, each naming its key.
#[derive(Serialize)]
struct Problems {
    problems: Vec<String>,
}

/// A change of settings in effect, and whether a file keeps it.
#[derive(Serialize)]
struct Saved {
    saved: bool,
}

/// The operator page's words in every language it has a locale file for
/// (`bridge/locales/`), as JSON ready to stand in a `<script>`, made by
/// the build script.
const OPERATOR_WORDS: &str = include_str!(concat!(env!("OUT_DIR"), "/operator_words.json"));

/// The operator page: a static page that asks the API below with the token
/// from its address, in the booth's language (it follows a change of the
/// language without a reload).
async fn page(State(state): State<AppState>) -> Response {
    let language = state.config.config.now().language;
    let options: String = Language::ALL
        .iter()
        .map(|l| format!("<option value=\"{l}\">{}</option>", l.own_name()))
        .collect();
    let page = include_str!("operator.html")
        .replacen(
            "<html lang=\"en\">",
            &format!("<html lang=\"{language}\">"),
            1,
        )
        .replacen("<!--languages-->", &options, 1)
        .replacen("/*words*/{}", OPERATOR_WORDS, 1);
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response()
}

async fn operator_state(State(state): State<AppState>) -> Response {
    axum::Json(operator_view(&state).await).into_response()
}

/// The operator page's view, pushed as server-sent events whenever the
/// game or the robot changes (a fault reaches the staff at once, without
/// polling). Every listener gets the one view [`publish_views`] built; a
/// listener that lags gets only the latest.
async fn operator_events(State(state): State<AppState>) -> Response {
    use axum::response::sse::{self, KeepAlive, Sse};
    let mut feed = operator_feed(&state);
    // The first event is the view as it is now, built for this listener.
    feed.mark_unchanged();
    let now = serde_json::to_string(&operator_view(&state).await).unwrap_or_default();
    let first = futures_util::stream::once(async move { sse::Event::default().data(now) });
    let next = futures_util::stream::unfold(feed, |mut feed| async move {
        feed.changed().await.ok()?;
        let view = feed.borrow_and_update().clone();
        Some((sse::Event::default().data(&*view), feed))
    });
    let stream = first.chain(next).map(Ok::<_, std::convert::Infallible>);
    Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response()
}

/// The views of the operator page, as one task builds them (started with
/// the first listener).
fn operator_feed(state: &AppState) -> tokio::sync::watch::Receiver<std::sync::Arc<str>> {
    state
        .operator_feed
        .get_or_init(|| {
            let (feed, listeners) = tokio::sync::watch::channel(std::sync::Arc::<str>::from(""));
            tokio::spawn(publish_views(state.clone(), feed));
            listeners
        })
        .clone()
}

/// The shortest time between two views: a burst of changes (a flood of
/// refused messages, a robot's fault storm) is one view.
const VIEW_SPACING: std::time::Duration = std::time::Duration::from_millis(250);
/// A view at least this often, for what changes without telling (the
/// robot's log, refusals).
const VIEW_REFRESH: std::time::Duration = std::time::Duration::from_secs(2);

/// Builds the operator view once per change, at most one every
/// [`VIEW_SPACING`], and hands it to every listener when it differs from
/// the last.
async fn publish_views(state: AppState, feed: tokio::sync::watch::Sender<std::sync::Arc<str>>) {
    let mut changes = state.booth.lock().expect("booth lock").changes();
    loop {
        // Built only for someone (the feed itself holds one receiver; a
        // new listener builds its first view itself).
        if feed.receiver_count() > 1 {
            let view = serde_json::to_string(&operator_view(&state).await).unwrap_or_default();
            feed.send_if_modified(|last| {
                let new = **last != *view;
                if new {
                    *last = view.into();
                }
                new
            });
        }
        tokio::time::sleep(VIEW_SPACING).await;
        tokio::select! {
            changed = changes.changed() => if changed.is_err() { return },
            () = tokio::time::sleep(VIEW_REFRESH) => {}
        }
    }
}

/// What the operator page shows, sent whole on every change.
#[derive(Serialize)]
struct OperatorView {
    robot: RobotStatus,
    /// The robot's latest exchanges, newest first.
    log: Vec<LogEntry>,
    /// Faults and refusals of late, newest first.
    events: Vec<Event>,
    today: Tally,
    /// The latest games, newest first.
    games: Vec<GameRecord>,
    unrecorded: Option<Unrecorded>,
    records_file: Option<FileEvent>,
    /// Today's hall of fame as the spectator screen shows it.
    fame: HallOfFame,
    game: Option<GameSummary>,
    /// How many visitors wait in line for the robot.
    line: usize,
    /// How many devices the staff closed the robot to for today.
    barred: usize,
    /// The config in effect, the token hidden.
    config: Config,
    /// The settings the staff may change.
    settings: StaffSettings,
    /// The levels the settings may name.
    levels: &'static LevelChoices,
    config_file: Option<PathBuf>,
}

async fn operator_view(state: &AppState) -> OperatorView {
    // The records are read on their own thread, off the booth's lock: a
    // slow read never holds up a move.
    let records = state.records.clone();
    let (today, games, unrecorded, records_file, fame) = tokio::task::spawn_blocking(move || {
        (
            records.today(),
            records.recent(20),
            records.unrecorded(),
            records.file_event(),
            records.hall_of_fame(None),
        )
    })
    .await
    .unwrap_or_default();
    let config = state.config.config.now();
    let booth = state.booth.lock().expect("booth lock");
    OperatorView {
        robot: booth.robot_status(),
        log: booth.robot().recent().into_iter().rev().take(40).collect(),
        events: booth.events().rev().cloned().collect(),
        today,
        games,
        unrecorded,
        records_file,
        fame,
        game: booth.game_summary(),
        line: booth.line(),
        barred: booth.barred_devices(),
        config: config.shown(),
        settings: config.staff_settings(),
        levels: LevelChoices::of_engine(),
        config_file: state.config.config_file.clone(),
    }
}

/// Which day the staff's plots show.
#[derive(serde::Deserialize)]
struct Day {
    /// `YYYY-MM-DD`, the booth's local date; today when left out.
    date: Option<String>,
}

/// The figures of one day for the staff's plots, as JSON: read on the
/// records' thread, off the booth's lock.
async fn operator_day(
    State(state): State<AppState>,
    axum::extract::Query(day): axum::extract::Query<Day>,
) -> Response {
    let date = day.date.filter(|d| !d.is_empty());
    if let Some(date) = &date
        && !is_date(date)
    {
        return (
            StatusCode::BAD_REQUEST,
            format!("{date:?} is no date: give the day as YYYY-MM-DD"),
        )
            .into_response();
    }
    let records = state.records.clone();
    match tokio::task::spawn_blocking(move || records.day_report(date)).await {
        Ok(Some(report)) => axum::Json(report).into_response(),
        _ => (
            StatusCode::SERVICE_UNAVAILABLE,
            "the records could not be read: see the bridge's log",
        )
            .into_response(),
    }
}

/// Whether `text` is a date as `YYYY-MM-DD`, a real one.
fn is_date(text: &str) -> bool {
    let parts: Vec<&str> = text.split('-').collect();
    let [year, month, day] = parts.as_slice() else {
        return false;
    };
    let number = |part: &str, len: usize| {
        (part.len() == len && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse::<u32>().ok())
            .flatten()
    };
    matches!(
        (number(year, 4), number(month, 2), number(day, 2)),
        (Some(1970..), Some(1..=12), Some(1..=31))
    )
}

/// Games the export reads at once: its memory stays this size however
/// many games the records hold.
const EXPORT_PAGE: u32 = 500;

/// Every recorded game as CSV, newest first, for a spreadsheet, read and
/// sent a page of games at a time.
async fn operator_games_csv(State(state): State<AppState>) -> Response {
    let records = state.records.clone();
    let pages = futures_util::stream::unfold(Some(None), move |next| {
        let records = records.clone();
        async move {
            let before = next?;
            let page = tokio::task::spawn_blocking(move || records.page(before, EXPORT_PAGE))
                .await
                .unwrap_or_default();
            let last = page.last().map(|g| g.id);
            let more = u32::try_from(page.len()).is_ok_and(|n| n == EXPORT_PAGE);
            let text = crate::records::csv_rows(&page);
            Some((
                Ok::<_, std::convert::Infallible>(text),
                more.then_some(last),
            ))
        }
    });
    let header = futures_util::stream::once(async {
        Ok::<_, std::convert::Infallible>(crate::records::CSV_HEADER.to_string())
    });
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"booth-games.csv\"",
            ),
        ],
        axum::body::Body::from_stream(futures_util::StreamExt::chain(header, pages)),
    )
        .into_response()
}

/// Does what an operator page's button asks (`{"action": "rebuild"}`), as
/// the booth's staff command.
async fn operator_action(State(state): State<AppState>, body: String) -> Response {
    let Ok(action) = serde_json::from_str::<StaffAction>(&body) else {
        return (
            StatusCode::BAD_REQUEST,
            "send {\"action\": …} with end_game, end_game_and_bar, lift_bars, rebuild, test_leds or reset",
        )
            .into_response();
    };
    state.booth.lock().expect("booth lock").staff(action);
    StatusCode::NO_CONTENT.into_response()
}

/// Changes the staff's settings: checked as `check-config` checks a file
/// (a problem is a 400 naming its key), written to the config file (the
/// file before kept beside it), then in effect for every page and the next
/// game. One change at a time, from its check to its effect: the file
/// always holds the settings in effect.
async fn operator_settings(State(state): State<AppState>, body: String) -> Response {
    let settings: StaffSettings = match serde_json::from_str(&body) {
        Ok(settings) => settings,
        Err(e) => {
            return (StatusCode::BAD_REQUEST, format!("not settings: {e}")).into_response();
        }
    };
    let _one_at_a_time = state.saving.lock().await;
    let changed = state
        .config
        .config
        .now()
        .with_staff_settings(settings.clone());
    let problems = changed.problems();
    if !problems.is_empty() {
        return (StatusCode::BAD_REQUEST, axum::Json(Problems { problems })).into_response();
    }
    if let Some(path) = state.config.config_file.clone() {
        let written =
            tokio::task::spawn_blocking(move || crate::config_file::save(&path, &settings)).await;
        let error = match written {
            Ok(Ok(())) => None,
            Ok(Err(e)) => Some(e.to_string()),
            Err(e) => Some(e.to_string()),
        };
        if let Some(error) = error {
            tracing::error!("the operator's settings were not saved: {error}");
            return (StatusCode::INTERNAL_SERVER_ERROR, error).into_response();
        }
    }
    tracing::info!(
        "the operator changed the settings{}",
        state.config.config_file.as_ref().map_or_else(
            || " (not saved: no --config)".into(),
            |p| format!(" in {}", p.display())
        )
    );
    let booth_settings = changed.booth_settings();
    state.config.config.replace(changed);
    state
        .booth
        .lock()
        .expect("booth lock")
        .reconfigure(booth_settings);
    axum::Json(Saved {
        saved: state.config.config_file.is_some(),
    })
    .into_response()
}
