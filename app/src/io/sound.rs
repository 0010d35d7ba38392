//! The game's sounds, made on the spot with the Web Audio API (no audio
//! files): a coin landing (higher the higher it lands), a win, a draw and a
//! robot fault. Quiet by default on the spectator screen; the toolbar's
//! button mutes or unmutes, and the choice is kept with the settings.

use std::cell::RefCell;

use web_sys::{AudioContext, AudioContextState, OscillatorType};

/// One tone: frequency (Hz), start after the sound begins and length (s).
type Tone = (f32, f64, f64);

/// A sound the game makes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Cue {
    /// A coin lands in this row (0 at the bottom).
    Coin(usize),
    /// A game was won.
    Win,
    /// A game ended in a draw.
    Draw,
    /// The robot went into a fault or stopped answering.
    Fault,
}

impl Cue {
    /// The cue's tones and their waveform.
    fn tones(self) -> (OscillatorType, Vec<Tone>) {
        match self {
            // A short knock, a fourth higher per row up to the top.
            Cue::Coin(row) => (
                OscillatorType::Triangle,
                vec![(220.0 * 1.335_f32.powi(row as i32), 0.0, 0.09)],
            ),
            // A rising major arpeggio.
            Cue::Win => (
                OscillatorType::Square,
                [523.3, 659.3, 784.0, 1046.5]
                    .iter()
                    .enumerate()
                    .map(|(i, &f)| (f, i as f64 * 0.12, 0.18))
                    .collect(),
            ),
            // Two even notes.
            Cue::Draw => (
                OscillatorType::Sine,
                vec![(440.0, 0.0, 0.25), (440.0, 0.3, 0.25)],
            ),
            // A falling buzz that staff hear across the booth.
            Cue::Fault => (
                OscillatorType::Sawtooth,
                vec![(330.0, 0.0, 0.2), (247.0, 0.22, 0.2), (185.0, 0.44, 0.35)],
            ),
        }
    }
}

thread_local! {
    // One context for the page: browsers limit how many it may open.
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// Runs `f` with the page's audio context; silently nothing where the
/// browser has no Web Audio. The first context takes a browser tens of
/// milliseconds to open (55 ms in Chromium on this project's machines):
/// it is made after the next paint, so that the coin a visitor tapped is
/// drawn first, and its sound follows a frame later.
fn with_context(f: impl FnOnce(&AudioContext) + 'static) {
    if let Some(context) = CONTEXT.with(|cell| cell.borrow().clone()) {
        return f(&context);
    }
    crate::io::browser::after_paint(move || {
        let context = CONTEXT.with(|cell| {
            let mut cell = cell.borrow_mut();
            if cell.is_none() {
                *cell = AudioContext::new().ok();
                if cell.is_some() {
                    crate::io::browser::on_gesture(unlock);
                }
            }
            cell.clone()
        });
        if let Some(context) = context {
            f(&context);
        }
    });
}

/// Plays `cue` now.
pub fn play(cue: Cue) {
    with_context(move |context| {
        let _ = schedule(context, cue);
    });
}

/// Safari (every browser on an iPhone or iPad) lets a page's audio run
/// only once it was started inside a tap or a key press: the computer's
/// coins, which land with no tap, would otherwise stay silent. A gesture
/// (a lifted pointer, which is what counts for a finger, or a key) starts
/// a context that is not running with a silent tone. A gesture before the
/// first sound makes no context: the first sound makes it, after the
/// paint of its coin. Made here, it was made in the frame between a
/// finger's lift and the click that drops the coin, and that click waited
/// for it (15 to 50 ms at full speed in Chromium, tests/e2e/first-tap.mjs).
/// Where a browser wants the gesture itself, the next one starts it.
/// The gestures are listened to from the context's making on: a
/// visitor's first tap, before any sound, runs no code of this (its first
/// call cost V8 about 10 ms of compiling at 4x CPU, on the way of that
/// tap's click).
fn unlock() {
    let Some(context) = CONTEXT.with(|cell| cell.borrow().clone()) else {
        return;
    };
    if context.state() == AudioContextState::Running {
        return;
    }
    let _ = context.resume();
    let silent = || -> Result<(), wasm_bindgen::JsValue> {
        let oscillator = context.create_oscillator()?;
        let gain = context.create_gain()?;
        gain.gain().set_value(0.0);
        oscillator.connect_with_audio_node(&gain)?;
        gain.connect_with_audio_node(&context.destination())?;
        oscillator.start()?;
        oscillator.stop_with_when(context.current_time() + 0.01)
    };
    let _ = silent();
}

fn schedule(context: &AudioContext, cue: Cue) -> Result<(), wasm_bindgen::JsValue> {
    // A context made before the first tap starts suspended.
    let _ = context.resume();
    let (wave, tones) = cue.tones();
    let now = context.current_time();
    for (frequency, at, length) in tones {
        let oscillator = context.create_oscillator()?;
        oscillator.set_type(wave);
        oscillator.frequency().set_value(frequency);
        let gain = context.create_gain()?;
        let start = now + at;
        gain.gain().set_value_at_time(0.18, start)?;
        gain.gain()
            .exponential_ramp_to_value_at_time(0.001, start + length)?;
        oscillator.connect_with_audio_node(&gain)?;
        gain.connect_with_audio_node(&context.destination())?;
        oscillator.start_with_when(start)?;
        oscillator.stop_with_when(start + length)?;
    }
    Ok(())
}
