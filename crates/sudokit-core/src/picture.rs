//! The look every picture of sudokit shares — the step drawings of
//! `sudokit-rules`, the constraint graph of `sudokit-graph` and the charts of
//! the facade and the examples — so that they read as one family: the same
//! font, ink, paper and highlight colours, and one series palette.
//! It is public so that a picture of one's own (a chart beside
//! `compare`'s, a board beside a step's) can match, as the examples' do.
//!
//! ```
//! use sudokit_core::picture::{self, Colour};
//!
//! assert_eq!(picture::INK.to_string(), "#222222");
//! assert_eq!(Colour::rgb(255, 0, 128).to_string(), "#ff0080");
//! assert_eq!(picture::series(0), picture::series(picture::SERIES.len()));
//! ```

use std::fmt;

/// An opaque sRGB colour; `Display` writes it as `#rrggbb`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Colour {
    /// Red, 0–255.
    pub r: u8,
    /// Green, 0–255.
    pub g: u8,
    /// Blue, 0–255.
    pub b: u8,
}

impl Colour {
    /// The colour of these components.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Colour {
        Colour { r, g, b }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

/// The font family of every text.
pub const FONT: &str = "sans-serif";
/// Text, lines and axes.
pub const INK: Colour = Colour::rgb(0x22, 0x22, 0x22);
/// Secondary text and thin lines.
pub const FAINT: Colour = Colour::rgb(0x99, 0x99, 0x99);
/// The background.
pub const PAPER: Colour = Colour::rgb(0xff, 0xff, 0xff);
/// What a picture points at: the cells of a step's pattern.
pub const FOCUS: Colour = Colour::rgb(0xc6, 0xdb, 0xef);
/// The context around it: the houses of a step's pattern.
pub const CONTEXT: Colour = Colour::rgb(0xfd, 0xf3, 0xd0);
/// Something removed or failed: a struck candidate, a disqualification.
pub const REMOVED: Colour = Colour::rgb(0xd6, 0x27, 0x28);
/// Something gained: a placed digit.
pub const ADDED: Colour = Colour::rgb(0x2c, 0xa0, 0x2c);

/// The series palette (Tableau 10, which stays apart for colour-blind
/// readers and in grey print better than a hue wheel).
pub const SERIES: [Colour; 10] = [
    Colour::rgb(0x1f, 0x77, 0xb4),
    Colour::rgb(0xff, 0x7f, 0x0e),
    Colour::rgb(0x2c, 0xa0, 0x2c),
    Colour::rgb(0xd6, 0x27, 0x28),
    Colour::rgb(0x94, 0x67, 0xbd),
    Colour::rgb(0x8c, 0x56, 0x4b),
    Colour::rgb(0xe3, 0x77, 0xc2),
    Colour::rgb(0x7f, 0x7f, 0x7f),
    Colour::rgb(0xbc, 0xbd, 0x22),
    Colour::rgb(0x17, 0xbe, 0xcf),
];

/// The colour of series `index`, the palette repeating after ten.
pub fn series(index: usize) -> Colour {
    SERIES[index % SERIES.len()]
}

/// `text` with the five characters XML reserves escaped, for text and
/// attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_xml_reserves() {
        assert_eq!(escape(r#"a<b & "c" 'd'>"#), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
    }
}
