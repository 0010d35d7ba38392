//! Numbers written with a fixed count of decimals: the tree's
//! coordinates, the value bars' lengths, megabytes and node counts. Not
//! with `format!("{:.1}")`: core's float formatting, which nothing else
//! on the page needs, was about 12 KB of the page's Wasm (2026-12-02).

use std::fmt;

/// `value` with `decimals` digits after the point (at most 9), rounded
/// half away from zero; `-0` is written `0`, and a value that is not
/// finite `0` too (a coordinate or a length, never shown as `NaN`).
///
/// ```
/// use app::model::decimal::fixed;
/// assert_eq!(fixed(12.345, 1).to_string(), "12.3");
/// assert_eq!(fixed(-0.04, 1).to_string(), "0.0");
/// assert_eq!(fixed(0.5, 2).to_string(), "0.50");
/// assert_eq!(fixed(1799.6, 0).to_string(), "1800");
/// ```
pub fn fixed(value: f64, decimals: u8) -> Fixed {
    Fixed {
        value,
        decimals: decimals.min(9),
    }
}

/// A number to write with a fixed count of decimals: see [`fixed`].
#[derive(Debug, Clone, Copy)]
pub struct Fixed {
    value: f64,
    decimals: u8,
}

impl fmt::Display for Fixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scale = 10_u64.pow(u32::from(self.decimals));
        let scaled = (self.value.abs() * scale as f64).round();
        // Beyond u64 the page has no number to show: such a value is a bug
        // elsewhere, written as 0 like one that is not finite.
        let scaled = if scaled.is_finite() && scaled < u64::MAX as f64 {
            scaled as u64
        } else {
            0
        };
        if self.value < 0.0 && scaled != 0 {
            f.write_str("-")?;
        }
        write!(f, "{}", scaled / scale)?;
        if self.decimals > 0 {
            let width = usize::from(self.decimals);
            write!(f, ".{:0width$}", scaled % scale)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::fixed;

    #[test]
    fn writes_as_core_does_away_from_halves() {
        for &(value, decimals) in &[
            (0.0, 1),
            (1.23456, 2),
            (-9.87654, 2),
            (252.0, 0),
            (99.96, 1),
            (-12.34, 1),
            (1e6 / 3.0, 1),
            (0.004, 2),
        ] {
            let ours = fixed(value, decimals).to_string();
            let core = format!("{value:.*}", usize::from(decimals));
            assert_eq!(ours, core, "{value} with {decimals} decimals");
        }
    }

    #[test]
    fn a_half_goes_away_from_zero_and_nothing_is_not_a_number() {
        assert_eq!(fixed(0.25, 1).to_string(), "0.3");
        assert_eq!(fixed(-2.5, 0).to_string(), "-3");
        assert_eq!(fixed(-0.0, 1).to_string(), "0.0");
        assert_eq!(fixed(f64::NAN, 1).to_string(), "0.0");
        assert_eq!(fixed(f64::INFINITY, 0).to_string(), "0");
    }
}
