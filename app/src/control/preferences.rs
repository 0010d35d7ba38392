//! What the person chose, as one owner: the settings, stored on the device
//! and read by views as `Reader<Settings>`. A change of who plays or of
//! the board ends the game, so it goes through
//! [`Play::change_game_settings`](super::Play::change_game_settings); every
//! other change applies at once through [`Preferences::change`].

use engine::player::LevelSpec;
use leptos::prelude::*;

use crate::i18n::Lang;
use crate::model::settings::{GameMode, Settings};
use crate::state::ReadOnly;

/// The settings' owner. Copy: every handle is the same settings.
#[derive(Clone, Copy)]
pub struct Preferences {
    settings: RwSignal<Settings>,
    /// Counts the answers to fetching a language's texts: the words follow
    /// a language whose file came (until then they are English).
    texts_answered: RwSignal<u32>,
    /// This page only watches: no sound unless the visitor turns it on.
    watching: bool,
}

/// The person's settings, from components.
pub fn use_preferences() -> Preferences {
    expect_context::<Preferences>()
}

impl Preferences {
    /// `settings`, provided as a context and read-only as
    /// `Reader<Settings>`.
    pub(super) fn provide(settings: Settings, watching: bool) -> Preferences {
        let preferences = Preferences {
            settings: RwSignal::new(settings),
            texts_answered: RwSignal::new(0),
            watching,
        };
        provide_context(preferences.settings.reader());
        provide_context(preferences);
        preferences
    }

    /// Changes a setting that applies at once (colours, level, language,
    /// the look).
    pub fn change(self, change: &dyn Fn(&mut Settings)) {
        self.settings.update(|s| change(s));
    }

    /// Whether this screen makes sounds (tracked): the visitor's choice,
    /// else on where people play and off on the spectator screen.
    pub fn sound_on(self) -> bool {
        self.settings.with(|s| s.sound).unwrap_or(!self.watching)
    }

    /// Mutes or unmutes, remembered with the settings.
    pub fn toggle_sound(self) {
        let on = untrack(|| self.sound_on());
        self.settings.update(|s| s.sound = Some(!on));
    }

    /// The settings as they are (untracked).
    pub(super) fn now(self) -> Settings {
        self.settings.get_untracked()
    }

    /// The settings as they are (tracked).
    pub(super) fn settings(self) -> Settings {
        self.settings.get()
    }

    /// The chosen mode (untracked).
    pub(super) fn mode(self) -> GameMode {
        self.settings.with_untracked(|s| s.mode)
    }

    /// The chosen mode (tracked).
    pub(super) fn mode_tracked(self) -> GameMode {
        self.settings.with(|s| s.mode)
    }

    /// The page's language (untracked).
    pub(super) fn lang(self) -> Lang {
        self.settings.with_untracked(|s| s.lang)
    }

    /// The page's language (tracked), for the words: the chosen one once
    /// its texts are here, English until then.
    pub(super) fn lang_signal(self) -> Signal<Lang> {
        let (settings, answered) = (self.settings, self.texts_answered);
        Signal::derive(move || {
            answered.track();
            Some(settings.with(|s| s.lang))
                .filter(|lang| lang.has_texts())
                .unwrap_or_default()
        })
    }

    /// Calls `then` once the chosen language's texts are here, or their
    /// fetch has failed: at once when they are built in or came before.
    pub(super) fn when_texts_answered(self, then: impl FnOnce() + 'static) {
        if self.lang().has_texts() {
            return then();
        }
        let mut then = Some(then);
        let answered = self.texts_answered;
        Effect::new(move |_| {
            if answered.get() > 0
                && let Some(then) = then.take()
            {
                then();
            }
        });
    }

    /// The booth's language, unless the visitor chose one.
    pub(super) fn take_booth_language(self, lang: Lang) {
        if !self.settings.with_untracked(|s| s.lang_chosen) {
            self.settings.update(|s| s.lang = lang);
        }
    }

    /// The level (and its style) to play the robot at, kept as this
    /// device's level too.
    pub(super) fn choose_level(self, spec: LevelSpec) {
        self.settings.update(|s| {
            s.level = spec.level;
            s.style = spec.style;
        });
    }

    /// A spectator screen takes the playing page's settings.
    pub(super) fn follow(self, settings: &Settings) {
        if self.settings.with_untracked(|mine| mine != settings) {
            self.settings.set(settings.clone());
        }
    }

    /// Stores every change and marks the page's language.
    pub(super) fn keep(self) {
        let settings = self.settings;
        Effect::new(move |_| {
            let s = settings.get();
            crate::io::storage::save_settings(&s);
        });
        let lang = self.lang_signal();
        Effect::new(move |_| crate::io::browser::set_page_language(lang.get().tag()));
        let answered = self.texts_answered;
        Effect::new(move |_| {
            let lang = settings.with(|s| s.lang);
            if !lang.has_texts() {
                leptos::task::spawn_local(async move {
                    if let Err(e) = crate::io::texts::fetch(lang).await {
                        crate::io::browser::log(&format!("no texts in {}: {e}", lang.tag()));
                    }
                    answered.update(|n| *n += 1);
                });
            }
        });
    }

    /// Tracks every setting (for what follows all of them).
    pub(super) fn track(self) {
        self.settings.track();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spectator_screen_is_quiet_until_the_visitor_turns_sound_on() {
        Owner::new().with(|| {
            let watch = Preferences::provide(Settings::default(), true);
            assert!(!watch.sound_on());
            watch.toggle_sound();
            assert!(watch.sound_on());
            let play = Preferences::provide(Settings::default(), false);
            assert!(play.sound_on());
            play.toggle_sound();
            assert!(!play.sound_on());
        });
    }

    #[test]
    fn the_booths_language_gives_way_to_the_visitors_choice() {
        Owner::new().with(|| {
            let preferences = Preferences::provide(Settings::default(), false);
            preferences.take_booth_language(Lang(booth_protocol::Language::Fr));
            assert_eq!(preferences.lang(), Lang(booth_protocol::Language::Fr));
            preferences.change(&|s| {
                s.lang = Lang(booth_protocol::Language::De);
                s.lang_chosen = true;
            });
            preferences.take_booth_language(Lang(booth_protocol::Language::Fr));
            assert_eq!(preferences.lang(), Lang(booth_protocol::Language::De));
        });
    }
}
