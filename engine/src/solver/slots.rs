//! Zeroed memory for the transposition table.

/// The table's memory. On Linux it is backed by transparent huge pages where
/// the kernel allows them: a table of tens of MiB in 4 KiB pages misses the
/// TLB on almost every probe, which made the solver about 3x slower per node
/// with a 32 MiB table than with an 8 MiB one.
pub(super) struct Slots {
    #[cfg(target_os = "linux")]
    ptr: core::ptr::NonNull<u64>,
    #[cfg(target_os = "linux")]
    len: usize,
    #[cfg(not(target_os = "linux"))]
    vec: Vec<u64>,
}

#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 << 20;

#[cfg(target_os = "linux")]
impl Slots {
    fn layout(len: usize) -> std::alloc::Layout {
        std::alloc::Layout::from_size_align(len * 8, HUGE_PAGE).expect("table size fits in memory")
    }

    pub(super) fn zeroed(len: usize) -> Slots {
        let layout = Self::layout(len);
        // SAFETY: the layout has a non-zero size (at least MIN_BYTES).
        let raw = unsafe { std::alloc::alloc(layout) };
        let Some(ptr) = core::ptr::NonNull::new(raw.cast::<u64>()) else {
            std::alloc::handle_alloc_error(layout)
        };
        // SAFETY: the range is the allocation just made, aligned to a huge
        // page. The advice is only a hint; its failure changes nothing.
        unsafe {
            libc::madvise(raw.cast(), layout.size(), libc::MADV_HUGEPAGE);
            // Touch every page now, after the advice, so the kernel backs it
            // with huge pages and no search pays for page faults.
            core::ptr::write_bytes(raw, 0, layout.size());
        }
        Slots { ptr, len }
    }
}

#[cfg(target_os = "linux")]
impl Drop for Slots {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with this layout.
        unsafe { std::alloc::dealloc(self.ptr.as_ptr().cast(), Self::layout(self.len)) }
    }
}

#[cfg(target_os = "linux")]
impl core::ops::Deref for Slots {
    type Target = [u64];
    fn deref(&self) -> &[u64] {
        // SAFETY: `len` initialised u64s owned by `self`.
        unsafe { core::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

#[cfg(target_os = "linux")]
impl core::ops::DerefMut for Slots {
    fn deref_mut(&mut self) -> &mut [u64] {
        // SAFETY: as in `deref`, and `&mut self` makes the access unique.
        unsafe { core::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

// SAFETY: `Slots` owns its memory like a `Vec<u64>` does.
#[cfg(target_os = "linux")]
unsafe impl Send for Slots {}
// SAFETY: shared access only reads.
#[cfg(target_os = "linux")]
unsafe impl Sync for Slots {}

#[cfg(not(target_os = "linux"))]
impl Slots {
    pub(super) fn zeroed(len: usize) -> Slots {
        Slots { vec: vec![0; len] }
    }
}

#[cfg(not(target_os = "linux"))]
impl core::ops::Deref for Slots {
    type Target = [u64];
    fn deref(&self) -> &[u64] {
        &self.vec
    }
}

#[cfg(not(target_os = "linux"))]
impl core::ops::DerefMut for Slots {
    fn deref_mut(&mut self) -> &mut [u64] {
        &mut self.vec
    }
}
