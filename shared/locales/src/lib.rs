//! The locale files (`*.ftl`, Fluent syntax) read and checked at build
//! time: the app's texts (`shared/locales/app/`) and the operator page's
//! (`bridge/locales/`). Each build script turns what it reads into what its
//! page needs (Rust tables for the app, JSON for the operator page); the
//! page carries no Fluent parser.
//!
//! A folder holds one file per language, named by its tag (`de.ftl`). Every
//! file must have the keys of the reference file and fill in the same
//! values; [`read_folder`] panics, naming file and key, when one does not,
//! so a build script that calls it fails the build.
#![deny(missing_docs)]

pub mod app_texts;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_syntax::ast;
use fluent_syntax::parser;

/// The only function a text may call: the value with its first letter in
/// upper case, for a colour that starts a sentence in one language and not
/// in another.
pub const CAPITAL: &str = "CAPITAL";

/// Every locale file in `folder`, by tag, checked against
/// `{reference}.ftl`. Tells Cargo to run the build script again when the
/// folder or a file changes.
pub fn read_folder(folder: &Path, reference: &str) -> BTreeMap<String, Locale> {
    println!("cargo:rerun-if-changed={}", folder.display());
    let mut languages = BTreeMap::new();
    let unreadable =
        |e: std::io::Error| -> ! { panic!("{} cannot be read: {e}", folder.display()) };
    for entry in std::fs::read_dir(folder).unwrap_or_else(|e| unreadable(e)) {
        let path = entry.unwrap_or_else(|e| unreadable(e)).path();
        if path.extension().is_some_and(|e| e == "ftl") {
            let tag = path.file_stem().unwrap().to_string_lossy().into_owned();
            println!("cargo:rerun-if-changed={}", path.display());
            let source = std::fs::read_to_string(&path).unwrap_or_else(|e| unreadable(e));
            languages.insert(tag.clone(), Locale::read(&tag, &source));
        }
    }
    let Some(main) = languages.get(reference) else {
        panic!(
            "{}/{reference}.ftl is missing: it is the reference language",
            folder.display()
        );
    };
    let problems: Vec<String> = languages
        .values()
        .flat_map(|locale| locale.differences(main))
        .collect();
    if !problems.is_empty() {
        panic!(
            "the locale files in {} do not match {reference}.ftl:\n  {}",
            folder.display(),
            problems.join("\n  ")
        );
    }
    languages
}

/// One language's messages, in the file's order.
pub struct Locale {
    /// The file's name without `.ftl`: the language's tag.
    pub tag: String,
    /// Its messages, in the file's order.
    pub messages: Vec<Message>,
}

/// A message: fixed text, or pieces with values to fill in.
pub struct Message {
    /// The message's key (`new-game`).
    pub key: String,
    /// The comment above it, if any.
    pub comment: Option<String>,
    /// Its text: literals, values and choices.
    pub pieces: Vec<Piece>,
}

/// A piece of a message's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// Text as written.
    Literal(String),
    /// A value filled in (`{ $name }`).
    Value(String),
    /// A value with its first letter in upper case (`{ CAPITAL($name) }`).
    Capital(String),
    /// A choice on a value (`{ $n -> [one] … *[other] … }`): a plural
    /// category, an exact number or a word.
    Select {
        /// The value chosen on.
        on: String,
        /// Each variant's key and text.
        cases: Vec<(String, Vec<Piece>)>,
        /// The key of the variant taken when no other fits.
        default: String,
    },
}

impl Locale {
    /// Parses one file; panics naming the file and line when it does not
    /// parse, or a message uses what the texts cannot hold.
    pub fn read(tag: &str, source: &str) -> Locale {
        let resource = parser::parse(source).unwrap_or_else(|(_, errors)| {
            let lines: Vec<String> = errors
                .iter()
                .map(|e| format!("line {}: {:?}", line_of(source, e.pos.start), e.kind))
                .collect();
            panic!("{tag}.ftl does not parse:\n  {}", lines.join("\n  "))
        });
        let terms: BTreeMap<&str, &ast::Pattern<&str>> = resource
            .body
            .iter()
            .filter_map(|e| match e {
                ast::Entry::Term(t) => Some((t.id.name, &t.value)),
                _ => None,
            })
            .collect();
        let plain: BTreeMap<&str, &ast::Pattern<&str>> = resource
            .body
            .iter()
            .filter_map(|e| match e {
                ast::Entry::Message(m) => Some((m.id.name, m.value.as_ref()?)),
                _ => None,
            })
            .collect();
        let context = Context {
            tag,
            terms: &terms,
            messages: &plain,
        };
        let messages = resource
            .body
            .iter()
            .filter_map(|entry| match entry {
                ast::Entry::Message(m) => Some(m),
                _ => None,
            })
            .map(|m| {
                let key = m.id.name.to_string();
                let Some(value) = &m.value else {
                    panic!("{tag}.ftl: `{key}` has no text");
                };
                if !m.attributes.is_empty() {
                    panic!("{tag}.ftl: `{key}` has attributes, which the app does not read");
                }
                Message {
                    comment: m.comment.as_ref().map(|c| c.content.join(" ")),
                    pieces: context.pattern(&key, value),
                    key,
                }
            })
            .collect();
        Locale {
            tag: tag.to_string(),
            messages,
        }
    }

    /// What keeps this language from standing in for the reference.
    pub fn differences(&self, reference: &Locale) -> Vec<String> {
        let file = format!("{}.ftl", self.tag);
        let mine: BTreeMap<&str, &Message> =
            self.messages.iter().map(|m| (m.key.as_str(), m)).collect();
        let theirs: BTreeMap<&str, &Message> = reference
            .messages
            .iter()
            .map(|m| (m.key.as_str(), m))
            .collect();
        let mut problems = Vec::new();
        for (key, message) in &theirs {
            match mine.get(key) {
                None => problems.push(format!("{file}: `{key}` is missing")),
                Some(m) if m.variables() != message.variables() => problems.push(format!(
                    "{file}: `{key}` fills in {:?}, {}.ftl fills in {:?}",
                    m.variables(),
                    reference.tag,
                    message.variables()
                )),
                Some(_) => {}
            }
        }
        for key in mine.keys().filter(|k| !theirs.contains_key(*k)) {
            problems.push(format!("{file}: `{key}` is not in {}.ftl", reference.tag));
        }
        if mine.len() != self.messages.len() {
            problems.push(format!("{file}: a key is given twice"));
        }
        problems
    }
}

/// The line of a byte offset, for error messages.
fn line_of(source: &str, offset: usize) -> usize {
    source[..offset.min(source.len())].matches('\n').count() + 1
}

/// What a pattern may refer to in its own file.
struct Context<'a> {
    tag: &'a str,
    terms: &'a BTreeMap<&'a str, &'a ast::Pattern<&'a str>>,
    messages: &'a BTreeMap<&'a str, &'a ast::Pattern<&'a str>>,
}

impl Context<'_> {
    fn pattern(&self, key: &str, pattern: &ast::Pattern<&str>) -> Vec<Piece> {
        let mut pieces = Vec::new();
        for element in &pattern.elements {
            match element {
                ast::PatternElement::TextElement { value } => push_literal(&mut pieces, value),
                ast::PatternElement::Placeable { expression } => {
                    self.expression(key, expression, &mut pieces)
                }
            }
        }
        pieces
    }

    fn expression(&self, key: &str, expression: &ast::Expression<&str>, out: &mut Vec<Piece>) {
        match expression {
            ast::Expression::Inline(inline) => self.inline(key, inline, out),
            ast::Expression::Select { selector, variants } => {
                let ast::InlineExpression::VariableReference { id } = selector else {
                    panic!(
                        "{}.ftl: `{key}` chooses on something other than a $value",
                        self.tag
                    );
                };
                let mut cases = Vec::new();
                let mut default = None;
                for variant in variants {
                    let name = match &variant.key {
                        ast::VariantKey::Identifier { name } => name.to_string(),
                        ast::VariantKey::NumberLiteral { value } => value.to_string(),
                    };
                    if variant.default {
                        default = Some(name.clone());
                    }
                    cases.push((name, self.pattern(key, &variant.value)));
                }
                out.push(Piece::Select {
                    on: id.name.to_string(),
                    cases,
                    default: default.expect("the parser requires a default variant"),
                });
            }
        }
    }

    fn inline(&self, key: &str, inline: &ast::InlineExpression<&str>, out: &mut Vec<Piece>) {
        let tag = self.tag;
        match inline {
            ast::InlineExpression::StringLiteral { value } => push_literal(out, &unescape(value)),
            ast::InlineExpression::NumberLiteral { value } => push_literal(out, value),
            ast::InlineExpression::VariableReference { id } => {
                out.push(Piece::Value(id.name.to_string()))
            }
            ast::InlineExpression::FunctionReference { id, arguments } => {
                match (id.name, arguments.positional.as_slice()) {
                    (CAPITAL, [ast::InlineExpression::VariableReference { id }]) => {
                        out.push(Piece::Capital(id.name.to_string()))
                    }
                    _ => panic!(
                        "{tag}.ftl: `{key}` calls {}; the app knows only {CAPITAL}($value)",
                        id.name
                    ),
                }
            }
            ast::InlineExpression::MessageReference { id, .. } => {
                let Some(pattern) = self.messages.get(id.name) else {
                    panic!(
                        "{tag}.ftl: `{key}` refers to `{}`, which is not there",
                        id.name
                    );
                };
                out.extend(self.pattern(key, pattern));
            }
            ast::InlineExpression::TermReference { id, .. } => {
                let Some(pattern) = self.terms.get(id.name) else {
                    panic!(
                        "{tag}.ftl: `{key}` refers to `-{}`, which is not there",
                        id.name
                    );
                };
                out.extend(self.pattern(key, pattern));
            }
            ast::InlineExpression::Placeable { expression } => {
                self.expression(key, expression, out)
            }
        }
    }
}

/// Adds text, joined to the text before it.
fn push_literal(pieces: &mut Vec<Piece>, text: &str) {
    if let Some(Piece::Literal(last)) = pieces.last_mut() {
        last.push_str(text);
    } else {
        pieces.push(Piece::Literal(text.to_string()));
    }
}

/// A Fluent string literal's escapes (`\"`, `\\`, `\u00A0`) resolved.
fn unescape(literal: &str) -> String {
    let mut out = String::new();
    let mut chars = literal.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('u') => {
                let hex: String = chars.by_ref().take(4).collect();
                out.extend(u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32));
            }
            Some(escaped) => out.push(escaped),
            None => {}
        }
    }
    out
}

impl Message {
    /// The values it fills in.
    pub fn variables(&self) -> BTreeSet<&str> {
        let mut names = BTreeSet::new();
        collect_variables(&self.pieces, &mut names);
        names
    }

    /// Whether it is text alone, with nothing to fill in.
    pub fn is_fixed(&self) -> bool {
        matches!(self.pieces.as_slice(), [] | [Piece::Literal(_)])
    }
}

impl Locale {
    /// The text of the fixed message `key` (`language-name`), if the file
    /// has it with nothing to fill in.
    pub fn fixed_text(&self, key: &str) -> Option<&str> {
        let message = self.messages.iter().find(|m| m.key == key)?;
        match message.pieces.as_slice() {
            [Piece::Literal(text)] => Some(text),
            _ => None,
        }
    }
}

fn collect_variables<'a>(pieces: &'a [Piece], names: &mut BTreeSet<&'a str>) {
    for piece in pieces {
        match piece {
            Piece::Literal(_) => {}
            Piece::Value(name) | Piece::Capital(name) => {
                names.insert(name);
            }
            Piece::Select { on, cases, .. } => {
                names.insert(on);
                for (_, pieces) in cases {
                    collect_variables(pieces, names);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_missing_a_key_or_a_value_is_named_with_its_file() {
        let en = Locale::read(
            "en",
            "hello = Hello, { $name }!\ncoins = { $n ->\n    [one] 1 coin\n   *[other] { $n } coins\n}\n",
        );
        let de = Locale::read("de", "hello = Hallo!\nextra = Mehr\n");
        assert_eq!(
            de.differences(&en),
            [
                "de.ftl: `coins` is missing",
                "de.ftl: `hello` fills in {}, en.ftl fills in {\"name\"}",
                "de.ftl: `extra` is not in en.ftl",
            ]
        );
        assert!(en.differences(&en).is_empty());
        assert!(matches!(en.messages[1].pieces[0], Piece::Select { ref on, .. } if on == "n"));
    }
}
