//! Turns the locale files (`locales/*.ftl`, Fluent syntax) into Rust: one
//! key per text, and every language's texts as static tables, in the order
//! of the languages' tags, as `booth_protocol::Language` numbers them. The build fails, naming file and key, when a language lacks a
//! key English has, has one English lacks, or fills in other values than
//! English does; so a text the page shows can never be missing.
//!
//! The page carries no Fluent parser: the files are read here, once, and
//! the page only walks the few sentences that hold numbers or names.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use fluent_syntax::ast;
use fluent_syntax::parser;

/// The language every other is checked against, and the default.
const REFERENCE: &str = "en";

/// The only function a text may call: the value with its first letter in
/// upper case, for a colour that starts a sentence in one language and not
/// in another.
const CAPITAL: &str = "CAPITAL";

fn main() {
    println!("cargo:rerun-if-changed=locales");
    let dir = Path::new("locales");
    let mut languages = BTreeMap::new();
    for entry in std::fs::read_dir(dir).expect("app/locales/ is there") {
        let path = entry.expect("a readable app/locales/").path();
        if path.extension().is_some_and(|e| e == "ftl") {
            let tag = path.file_stem().unwrap().to_string_lossy().into_owned();
            println!("cargo:rerun-if-changed={}", path.display());
            let source = std::fs::read_to_string(&path).expect("a readable locale file");
            languages.insert(tag.clone(), Locale::read(&tag, &source));
        }
    }
    let Some(reference) = languages.get(REFERENCE) else {
        panic!("app/locales/{REFERENCE}.ftl is missing: it is the reference language");
    };
    let problems: Vec<String> = languages
        .values()
        .flat_map(|locale| locale.differences(reference))
        .collect();
    if !problems.is_empty() {
        panic!(
            "the locale files do not match {REFERENCE}.ftl:\n  {}",
            problems.join("\n  ")
        );
    }
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).to_path_buf();
    std::fs::write(out.join("texts.rs"), texts_code(&languages, reference))
        .expect("a writable OUT_DIR");
}

/// One language's messages, in the file's order.
struct Locale {
    tag: String,
    messages: Vec<Message>,
}

/// A message: fixed text, or pieces with values to fill in.
struct Message {
    key: String,
    comment: Option<String>,
    pieces: Vec<Piece>,
}

/// What the generated code's `Piece` holds, before it is written out.
enum Piece {
    Literal(String),
    Value(String),
    Capital(String),
    Select {
        on: String,
        cases: Vec<(String, Vec<Piece>)>,
        /// The key of the variant taken when no other fits.
        default: String,
    },
}

impl Locale {
    fn read(tag: &str, source: &str) -> Locale {
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
    fn differences(&self, reference: &Locale) -> Vec<String> {
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
                    "{file}: `{key}` fills in {:?}, {REFERENCE}.ftl fills in {:?}",
                    m.variables(),
                    message.variables()
                )),
                Some(_) => {}
            }
        }
        for key in mine.keys().filter(|k| !theirs.contains_key(*k)) {
            problems.push(format!("{file}: `{key}` is not in {REFERENCE}.ftl"));
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
    fn variables(&self) -> BTreeSet<&str> {
        let mut names = BTreeSet::new();
        collect_variables(&self.pieces, &mut names);
        names
    }

    fn is_fixed(&self) -> bool {
        matches!(self.pieces.as_slice(), [] | [Piece::Literal(_)])
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

/// `new-game` → `NewGame`.
fn rust_name(key: &str) -> String {
    key.split('-')
        .map(|word| {
            let mut c = word.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// The English source of a message, for its key's documentation.
fn describe(pieces: &[Piece]) -> String {
    let mut out = String::new();
    for piece in pieces {
        match piece {
            Piece::Literal(text) => out.push_str(text),
            Piece::Value(name) => write!(out, "{{${name}}}").unwrap(),
            Piece::Capital(name) => write!(out, "{{{CAPITAL}(${name})}}").unwrap(),
            Piece::Select { on, cases, default } => {
                let text = cases
                    .iter()
                    .find(|(key, _)| key == default)
                    .map(|(_, p)| describe(p));
                write!(out, "{{${on} -> … {}}}", text.unwrap_or_default()).unwrap()
            }
        }
    }
    out
}

/// The texts' keys and every language's texts.
fn texts_code(languages: &BTreeMap<String, Locale>, reference: &Locale) -> String {
    let mut out = String::from(GENERATED);
    let tags: Vec<&str> = languages.keys().map(String::as_str).collect();
    let (fixed, sentences): (Vec<&Message>, Vec<&Message>) =
        reference.messages.iter().partition(|m| m.is_fixed());
    write_keys(&mut out, "Text", "A fixed text of the interface.", &fixed);
    write_keys(
        &mut out,
        "Sentence",
        "A text with numbers or names filled in.",
        &sentences,
    );
    // Each language is one string of every text in key order, fixed texts
    // first, with the offsets where each begins: text packs far smaller
    // into the page's Wasm than a table of string pointers per text.
    writeln!(out, "const FIXED: usize = {};\n", fixed.len()).unwrap();
    let order: Vec<&str> = fixed
        .iter()
        .chain(&sentences)
        .map(|m| m.key.as_str())
        .collect();
    let mut strings = Vec::new();
    let mut offsets = Vec::new();
    for locale in languages.values() {
        let mut all = String::new();
        let mut starts = vec![0];
        for key in &order {
            let message = locale.messages.iter().find(|m| m.key == *key).unwrap();
            all.push_str(&template(&locale.tag, key, &message.pieces));
            starts
                .push(u16::try_from(all.len()).unwrap_or_else(|_| {
                    panic!("{}.ftl holds more than 64 KB of text", locale.tag)
                }));
        }
        strings.push(format!("{all:?}"));
        offsets.push(format!("{starts:?}"));
    }
    writeln!(
        out,
        "static CATALOGUE: [&str; {}] = [\n    {},\n];\n",
        tags.len(),
        strings.join(",\n    ")
    )
    .unwrap();
    writeln!(
        out,
        "static OFFSETS: [[u16; {}]; {}] = [\n    {},\n];",
        order.len() + 1,
        tags.len(),
        offsets.join(",\n    ")
    )
    .unwrap();
    out
}

/// Marks a variant of a choice in a template (`{name` CASE key KEY text … `}`).
const CASE: char = '\u{1}';
/// Parts a variant's key from its text.
const KEY: char = '\u{2}';

/// A message as the page's template: text as it is, `{name}` for a value,
/// `{^name}` for a value with a capital, and for a choice `{name` then per
/// variant CASE, its key (`*` before the default's), KEY, its text, then `}`.
fn template(tag: &str, key: &str, pieces: &[Piece]) -> String {
    let mut out = String::new();
    for piece in pieces {
        match piece {
            Piece::Literal(text) => {
                if text.contains(['{', '}', CASE, KEY]) {
                    panic!("{tag}.ftl: `{key}` has a brace in its text, which the app cannot show");
                }
                out.push_str(text);
            }
            Piece::Value(name) => write!(out, "{{{name}}}").unwrap(),
            Piece::Capital(name) => write!(out, "{{^{name}}}").unwrap(),
            Piece::Select { on, cases, default } => {
                write!(out, "{{{on}").unwrap();
                for (case, pieces) in cases {
                    let text = template(tag, key, pieces);
                    if text.contains(CASE) {
                        panic!(
                            "{tag}.ftl: `{key}` chooses inside a choice, which the app does not read"
                        );
                    }
                    let star = if case == default { "*" } else { "" };
                    write!(out, "{CASE}{star}{case}{KEY}{text}").unwrap();
                }
                out.push('}');
            }
        }
    }
    out
}

const GENERATED: &str = "// Generated by app/build.rs from app/locales/*.ftl.\n\n";

fn write_keys(out: &mut String, name: &str, doc: &str, messages: &[&Message]) {
    writeln!(out, "/// {doc}").unwrap();
    out.push_str("#[derive(Debug, Clone, Copy, PartialEq, Eq)]\n");
    writeln!(out, "pub enum {name} {{").unwrap();
    for m in messages {
        if let Some(comment) = &m.comment {
            writeln!(out, "    /// {comment}").unwrap();
        }
        writeln!(out, "    /// `{}`: {:?}", m.key, describe(&m.pieces)).unwrap();
        writeln!(out, "    {},", rust_name(&m.key)).unwrap();
    }
    out.push_str("}\n\n");
}
