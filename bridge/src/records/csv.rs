//! The records as CSV for a spreadsheet.

use super::GameRecord;

/// Games as CSV (RFC 4180), with a header line, for a spreadsheet. What
/// people typed and the moves are text in any spreadsheet: a leading
/// `= + - @` would run as a formula, and `1e5`, `2-3` or a long move string
/// would become a number or a date (and lose its digits), so such a cell is
/// written as a formula of its text (`="2-3"`), which shows it as written.
pub fn to_csv(games: &[GameRecord]) -> String {
    let mut out = String::from(CSV_HEADER);
    out.push_str(&csv_rows(games));
    out
}

/// The CSV's header line.
pub const CSV_HEADER: &str =
    "id,started,seconds,mode,first_player,second_player,moves,result,faults\r\n";

/// Games as CSV lines without the header (see [`to_csv`]): an export
/// written a page of games at a time.
pub fn csv_rows(games: &[GameRecord]) -> String {
    fn field(text: &str) -> String {
        if text.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", text.replace('"', "\"\""))
        } else {
            text.to_owned()
        }
    }
    fn text(text: &str) -> String {
        let numberish = text.chars().any(|c| c.is_ascii_digit())
            && text
                .chars()
                .all(|c| c.is_ascii_digit() || "+-.,eE/: ".contains(c));
        if numberish {
            field(&format!("=\"{text}\""))
        } else if text.starts_with(['=', '+', '-', '@']) {
            field(&format!("'{text}"))
        } else {
            field(text)
        }
    }
    let mut out = String::new();
    for g in games {
        let line = [
            g.id.to_string(),
            field(&g.started),
            g.seconds.to_string(),
            field(&g.mode),
            text(g.names[0].as_deref().unwrap_or_default()),
            text(g.names[1].as_deref().unwrap_or_default()),
            text(&g.moves),
            field(g.result.as_deref().unwrap_or_default()),
            g.faults.to_string(),
        ];
        out.push_str(&line.join(","));
        out.push_str("\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_what_needs_it_and_defuses_formulas() {
        let game = GameRecord {
            id: 7,
            started: "2026-11-24 10:00:00".into(),
            seconds: 95,
            mode: "two_players".into(),
            names: [Some("=cmd".into()), Some("2-3".into())],
            moves: "4455".into(),
            result: Some("left".into()),
            faults: 0,
        };
        let csv = to_csv(&[game]);
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert!(lines[0].starts_with("id,started,seconds"));
        assert_eq!(
            lines[1],
            "7,2026-11-24 10:00:00,95,two_players,'=cmd,\"=\"\"2-3\"\"\",\"=\"\"4455\"\"\",left,0"
        );
        let mut named = GameRecord {
            names: [Some("1e5".into()), Some("Ada_1".into())],
            ..GameRecord::default()
        };
        named.moves = "1211221112322333334444565676644667777755".into();
        let csv = to_csv(&[named]);
        let line = csv.lines().nth(1).unwrap();
        assert!(line.contains(",\"=\"\"1e5\"\"\",Ada_1,"), "{line}");
        assert!(
            line.contains("\"=\"\"1211221112322333334444565676644667777755\"\"\""),
            "{line}"
        );
    }
}
