//! The one pattern behind the page's links to the outside (the search
//! worker, the bridge's WebSocket, the spectator channel): a cheap-to-clone
//! handle on shared state, the listener that gets the link's events, and
//! the JavaScript event handlers, kept alive exactly as long as the link
//! needs them (replaced with the socket or worker they serve, never leaked).

use std::cell::{Ref, RefCell, RefMut};
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Where a link sends its events.
pub type Listener<E> = Rc<dyn Fn(E)>;

/// The state of a link, shared by the handle's clones and its handlers.
pub struct Handle<T>(Rc<RefCell<T>>);

impl<T> Clone for Handle<T> {
    fn clone(&self) -> Self {
        Handle(Rc::clone(&self.0))
    }
}

impl<T> Handle<T> {
    /// A handle on `state`.
    pub fn new(state: T) -> Handle<T> {
        Handle(Rc::new(RefCell::new(state)))
    }

    /// The state, to read.
    pub fn get(&self) -> Ref<'_, T> {
        self.0.borrow()
    }

    /// The state, to change.
    pub fn get_mut(&self) -> RefMut<'_, T> {
        self.0.borrow_mut()
    }
}

/// JavaScript event handlers, alive while this value is.
#[derive(Default)]
pub struct Handlers(Vec<Closure<dyn FnMut(JsValue)>>);

impl Handlers {
    /// Keeps `f` alive and returns it as a JavaScript function for an
    /// `on…` property.
    pub fn add(&mut self, f: impl FnMut(JsValue) + 'static) -> js_sys::Function {
        let closure = Closure::<dyn FnMut(JsValue)>::new(f);
        let function = closure.as_ref().unchecked_ref::<js_sys::Function>().clone();
        self.0.push(closure);
        function
    }
}
