//! What the page talks to: the search worker, the bridge, the other
//! windows of this device, `localStorage`, the address bar and the
//! speakers. Only the control uses these.

pub mod address;
pub mod booth_link;
pub mod browser;
pub mod channel;
pub mod fame;
pub(crate) mod js_handle;
pub mod keys;
pub mod search_worker;
pub mod sound;
pub mod storage;
pub mod texts;
