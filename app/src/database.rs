//! What the page says about the worker's 12-stone position database.

use crate::i18n::Lang;
use crate::protocol::Database;

/// Megabytes with one decimal, in the language's style.
fn megabytes(bytes: u32, lang: Lang) -> String {
    let text = format!("{:.1}", f64::from(bytes) / 1e6);
    match lang {
        Lang::De => text.replace('.', ","),
        Lang::En => text,
    }
}

/// The line under the board while the database downloads; nothing once it
/// is there or missing.
pub fn loading_line(db: Database, lang: Lang) -> Option<String> {
    let Database::Loading { loaded, total } = db else {
        return None;
    };
    let done = megabytes(loaded, lang);
    Some(match (total, lang) {
        (Some(t), Lang::En) => format!("Perfect play: loading {done} of {} MB", megabytes(t, lang)),
        (Some(t), Lang::De) => format!(
            "Perfektes Spiel: {done} von {} MB geladen",
            megabytes(t, lang)
        ),
        (None, Lang::En) => format!("Perfect play: loading {done} MB"),
        (None, Lang::De) => format!("Perfektes Spiel: {done} MB geladen"),
    })
}

/// The help panel's sentence on the database.
pub fn status(db: Option<Database>, lang: Lang) -> String {
    match (db, lang) {
        (Some(Database::Ready { positions, .. }), Lang::En) => format!(
            "Position database: all {positions} positions of 12 stones are here, so perfect play and hints answer at once, offline too."
        ),
        (Some(Database::Ready { positions, .. }), Lang::De) => format!(
            "Stellungsdatenbank: alle {positions} Stellungen mit 12 Steinen sind da, perfektes Spiel und Tipps antworten sofort, auch offline."
        ),
        (Some(Database::Loading { .. }) | None, Lang::En) => {
            "Position database: loading. Until it is here, perfect play can take some seconds.".into()
        }
        (Some(Database::Loading { .. }) | None, Lang::De) => {
            "Stellungsdatenbank: wird geladen. Bis dahin kann perfektes Spiel einige Sekunden brauchen.".into()
        }
        (Some(Database::Missing), Lang::En) => {
            "Position database: not available. Perfect play still works, only slower in the opening.".into()
        }
        (Some(Database::Missing), Lang::De) => {
            "Stellungsdatenbank: nicht verfügbar. Perfektes Spiel geht trotzdem, in der Eröffnung nur langsamer.".into()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loading_line_counts_megabytes_in_each_language() {
        let db = Database::Loading {
            loaded: 1_200_000,
            total: Some(2_607_099),
        };
        assert_eq!(
            loading_line(db, Lang::En).unwrap(),
            "Perfect play: loading 1.2 of 2.6 MB"
        );
        assert_eq!(
            loading_line(db, Lang::De).unwrap(),
            "Perfektes Spiel: 1,2 von 2,6 MB geladen"
        );
        let ready = Database::Ready {
            positions: 4_200_899,
            millis: 300,
            memory: 20 << 20,
        };
        assert_eq!(loading_line(ready, Lang::En), None);
        assert!(status(Some(ready), Lang::En).contains("4200899 positions"));
        assert!(status(Some(Database::Missing), Lang::De).contains("nicht verfügbar"));
    }
}
