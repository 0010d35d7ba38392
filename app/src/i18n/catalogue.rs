//! Every language's texts, read from `shared/locales/app/*.ftl` (Fluent syntax)
//! when the app is built: [`Text`] and [`Sentence`] have one key per
//! message of `en.ftl`, and the build fails when another language lacks
//! one (see `app/build.rs`). A fixed text is a slice of its language's
//! text; a sentence is a small template that this module fills with
//! values, choosing plural forms by the language's own rules.

use super::Lang;

include!(concat!(env!("OUT_DIR"), "/texts.rs"));

/// Marks a variant of a choice in a template; see `app/build.rs`.
const CASE: char = '\u{1}';
/// Parts a variant's key from its text.
const KEY: char = '\u{2}';

/// A value filled into a sentence.
#[derive(Debug, Clone, Copy)]
pub enum Arg<'a> {
    /// A number as digits: a column, a depth, seconds.
    Num(u64),
    /// A count that may run into millions, in groups of three digits.
    Count(u64),
    /// Words given as they are: a name, a value already in words.
    Str(&'a str),
    /// A fixed text in the sentence's language: a colour, a level.
    Text(Text),
}

impl Lang {
    /// A fixed text in this language.
    pub fn t(self, text: Text) -> &'static str {
        self.entry(text as usize)
    }

    /// A sentence in this language with its values (`name`, value) filled
    /// in. A value the sentence wants and `args` lacks shows as
    /// `{$name}`, as Fluent shows it, rather than vanishing.
    pub fn sentence(self, sentence: Sentence, args: &[(&str, Arg)]) -> String {
        let mut out = String::new();
        self.fill(self.entry(FIXED + sentence as usize), args, &mut out);
        out
    }

    fn entry(self, index: usize) -> &'static str {
        let (texts, offsets) = texts_of(self.0.tag());
        &texts[usize::from(offsets[index])..usize::from(offsets[index + 1])]
    }

    fn fill(self, template: &str, args: &[(&str, Arg)], out: &mut String) {
        let mut rest = template;
        while let Some(start) = rest.find('{') {
            out.push_str(&rest[..start]);
            let end = start + closing_brace(&rest[start..]);
            self.placeable(&rest[start + 1..end], args, out);
            rest = &rest[end + 1..];
        }
        out.push_str(rest);
    }

    /// A value (`name` or `^name`), or a choice (`name`, then its cases).
    fn placeable(self, inner: &str, args: &[(&str, Arg)], out: &mut String) {
        let mut parts = inner.split(CASE);
        let head = parts.next().unwrap_or_default();
        let (name, capital) = match head.strip_prefix('^') {
            Some(name) => (name, true),
            None => (head, false),
        };
        let arg = args.iter().find(|(n, _)| *n == name).map(|(_, a)| *a);
        let cases: Vec<(&str, &str)> = parts.filter_map(|c| c.split_once(KEY)).collect();
        if cases.is_empty() {
            let mut value = String::new();
            self.write_value(name, arg, &mut value);
            if self.0 == booth_protocol::Language::Fr
                && matches!(arg, Some(Arg::Str(_)))
                && out.ends_with(" de ")
                && value.starts_with(|c: char| "AEIOUYÂÉÈÊÎÔaeiouyâéèêîô".contains(c))
            {
                // French elides "de" before a vowel: "au tour d'Ada".
                out.truncate(out.len() - 3);
                out.push_str("d'");
            }
            out.push_str(&if capital {
                super::capitalise(&value)
            } else {
                value
            });
            return;
        }
        let default = || cases.iter().find(|(k, _)| k.starts_with('*')).map(|c| c.1);
        let chosen = arg
            .and_then(|arg| self.choose(arg, &cases))
            .or_else(default);
        self.fill(chosen.unwrap_or_default(), args, out);
    }

    fn write_value(self, name: &str, arg: Option<Arg>, out: &mut String) {
        match arg {
            Some(Arg::Num(n)) => out.push_str(&n.to_string()),
            Some(Arg::Count(n)) => out.push_str(&super::grouped(n, self.group_separator())),
            Some(Arg::Str(s)) => out.push_str(s),
            Some(Arg::Text(text)) => out.push_str(self.t(text)),
            None => {
                out.push_str("{$");
                out.push_str(name);
                out.push('}');
            }
        }
    }

    /// The variant a value picks: a number's exact key, else its plural
    /// category; words by their key.
    fn choose<'t>(self, arg: Arg, cases: &[(&str, &'t str)]) -> Option<&'t str> {
        let pick = |key: &str| {
            cases
                .iter()
                .find(|(k, _)| k.trim_start_matches('*') == key)
                .map(|c| c.1)
        };
        match arg {
            Arg::Num(n) | Arg::Count(n) => {
                pick(&n.to_string()).or_else(|| pick(&self.plural_category(n)))
            }
            Arg::Str(s) => pick(s),
            Arg::Text(text) => pick(self.t(text)),
        }
    }

    /// What goes between groups of three digits, as `Intl.NumberFormat`
    /// writes it in this language (a browser test holds the two alike):
    /// 4,200,899 in English, 4.200.899 in German, 4 200 899 in French.
    fn group_separator(self) -> char {
        match self.tag() {
            "de" => '.',
            "fr" => '\u{202f}',
            _ => ',',
        }
    }

    /// The CLDR plural category of `n` (`one`, `few`, `many`, `other` …),
    /// from the browser's `Intl.PluralRules`, which knows every language.
    /// Each language's rules are made once: making them costs the browser
    /// far more than asking them, and a move's sentences ask dozens of
    /// times.
    #[cfg(target_arch = "wasm32")]
    fn plural_category(self, n: u64) -> String {
        thread_local! {
            static RULES: std::cell::RefCell<Vec<(&'static str, js_sys::Intl::PluralRules)>> =
                const { std::cell::RefCell::new(Vec::new()) };
        }
        let tag = self.tag();
        RULES.with(|rules| {
            let mut rules = rules.borrow_mut();
            if !rules.iter().any(|(t, _)| *t == tag) {
                let locales = js_sys::Array::of1(&tag.into());
                let made = js_sys::Intl::PluralRules::new(&locales, &js_sys::Object::new());
                rules.push((tag, made));
            }
            let (_, made) = rules.iter().find(|(t, _)| *t == tag).expect("made above");
            made.select(n as f64).into()
        })
    }

    /// The CLDR plural category of `n`, from the same rules as the
    /// browsers', for the unit tests.
    #[cfg(not(target_arch = "wasm32"))]
    fn plural_category(self, n: u64) -> String {
        use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};
        let rules = self
            .tag()
            .parse::<unic_langid::LanguageIdentifier>()
            .ok()
            .and_then(|id| PluralRules::create(id, PluralRuleType::CARDINAL).ok());
        let category = rules.and_then(|r| r.select(n).ok());
        match category.unwrap_or(PluralCategory::OTHER) {
            PluralCategory::ZERO => "zero",
            PluralCategory::ONE => "one",
            PluralCategory::TWO => "two",
            PluralCategory::FEW => "few",
            PluralCategory::MANY => "many",
            PluralCategory::OTHER => "other",
        }
        .to_string()
    }
}

/// The length of the placeable that `text` starts with, up to its `}`.
fn closing_brace(text: &str) -> usize {
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 1 => return i,
            '}' => depth -= 1,
            _ => {}
        }
    }
    text.len() - 1
}
