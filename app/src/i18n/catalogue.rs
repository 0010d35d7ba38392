//! Every language's texts, read from `shared/locales/app/*.ftl` (Fluent syntax)
//! when the app is built: [`Text`] and [`Sentence`] have one key per
//! message of `en.ftl`, and the build fails when another language lacks
//! one (see `app/build.rs`). A fixed text is a slice of its language's
//! text; a sentence is a small template that this module fills with
//! values, choosing plural forms by the language's own rules.

use super::Lang;

include!(concat!(env!("OUT_DIR"), "/texts.rs"));

thread_local! {
    /// The languages whose files have come: their texts in one string and
    /// the offsets where each begins, as the built-in ones.
    static FETCHED: std::cell::RefCell<Vec<(Lang, &'static str, &'static [u16])>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

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
        let (texts, offsets) = self.table().unwrap_or_else(|| {
            // Until a language's file has come, its texts are English's.
            built_in(Lang::default().tag()).expect("the reference language is built in")
        });
        &texts[usize::from(offsets[index])..usize::from(offsets[index + 1])]
    }

    fn table(self) -> Option<(&'static str, &'static [u16])> {
        built_in(self.tag()).or_else(|| {
            FETCHED.with_borrow(|fetched| {
                fetched
                    .iter()
                    .find(|(lang, ..)| *lang == self)
                    .map(|&(_, texts, offsets)| (texts, offsets))
            })
        })
    }

    /// Whether this language's texts are here: built in, or fetched.
    pub fn has_texts(self) -> bool {
        self.table().is_some()
    }

    /// The file of this language's texts, beside `index.html`, when they
    /// are not built in.
    pub fn texts_file(self) -> Option<&'static str> {
        FILES
            .iter()
            .find(|(tag, _)| *tag == self.tag())
            .map(|(_, file)| *file)
    }

    /// Takes this language's texts from its file (`locale_files::app_texts`):
    /// every text in key order, parted by NUL.
    ///
    /// # Errors
    /// A file with another number of texts than this build's keys.
    pub fn take_texts(self, file: &str) -> Result<(), String> {
        let mut texts = String::with_capacity(file.len());
        let mut offsets = vec![0u16];
        for text in file.split(SEPARATOR) {
            texts.push_str(text);
            offsets.push(u16::try_from(texts.len()).map_err(|_| "too long")?);
        }
        if offsets.len() != TEXTS + 1 {
            return Err(format!("{} texts, not {TEXTS}", offsets.len() - 1));
        }
        // Kept for the page's life, as the built-in texts are.
        let texts: &'static str = texts.leak();
        let offsets: &'static [u16] = offsets.leak();
        FETCHED.with_borrow_mut(|fetched| fetched.push((self, texts, offsets)));
        Ok(())
    }

    /// The language's own name, for the language menu.
    pub fn name(self) -> &'static str {
        NAMES
            .iter()
            .find(|(tag, _)| *tag == self.tag())
            .map_or("", |(_, name)| name)
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

#[cfg(test)]
mod tests {
    use super::*;
    use booth_protocol::Language;

    #[test]
    fn a_language_file_holds_the_texts_built_in_natively_in_key_order() {
        for (lang, file) in [
            (
                Language::De,
                include_str!(concat!(env!("OUT_DIR"), "/texts-de.txt")),
            ),
            (
                Language::Fr,
                include_str!(concat!(env!("OUT_DIR"), "/texts-fr.txt")),
            ),
        ] {
            let texts: Vec<&str> = file.split(SEPARATOR).collect();
            assert_eq!(texts.len(), TEXTS);
            for (index, text) in texts.iter().enumerate() {
                assert_eq!(*text, Lang(lang).entry(index), "{lang:?} {index}");
            }
            assert!(
                Lang(lang)
                    .texts_file()
                    .is_some_and(|f| f.starts_with("texts-"))
            );
        }
        assert_eq!(Lang::default().texts_file(), None, "English is built in");
    }

    #[test]
    fn a_file_of_another_build_is_refused() {
        let short = Lang(Language::De).take_texts("Neues Spiel\0Zurück");
        assert_eq!(short, Err(format!("2 texts, not {TEXTS}")));
    }
}
