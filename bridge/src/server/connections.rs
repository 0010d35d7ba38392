//! Accepting connections, bounded: in number (in all and per address,
//! below the process's file limit, so that accepting never fails for want
//! of files), in how long a request's headers may take and in how many
//! bytes they may fill. The booth's own screens, on this machine's own
//! address, have places of their own that no crowd from elsewhere can
//! take.
//!
//! A connection counts from its acceptance to its close, WebSocket included:
//! the count travels with the socket into the upgraded connection.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::{Pin, pin};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

/// How many connections, and how long their headers may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Connections open at once.
    pub total: usize,
    /// Connections open at once from one address.
    pub per_address: usize,
    /// Time for a request's headers to arrive.
    pub headers_within: Duration,
    /// Messages one WebSocket may send per second: far above what a page
    /// needs (a move and its search tree), low enough to blunt a flood.
    pub messages_per_second: u32,
    /// Connections from the booth's own address (127.0.0.1 or ::1), kept
    /// apart from `total`: its screens are always served.
    pub own_screens: usize,
}

/// The most a request's head (its line and headers) may fill: a page's
/// requests need a few hundred bytes. With the connection limits this
/// bounds what unfinished requests hold (1,024 of them: 16 MB).
pub const HEAD_BYTES: usize = 16 * 1024;

/// Whether `address` is this machine's own, where the booth's screens run
/// (other loopback addresses such as 127.0.0.2 count as anyone's).
pub fn is_own_address(address: IpAddr) -> bool {
    match address {
        IpAddr::V4(v4) => v4 == std::net::Ipv4Addr::LOCALHOST,
        IpAddr::V6(v6) => {
            v6 == std::net::Ipv6Addr::LOCALHOST
                || v6.to_ipv4_mapped() == Some(std::net::Ipv4Addr::LOCALHOST)
        }
    }
}

impl Default for Limits {
    /// Room for a booth's screens and a school class of phones, far below
    /// the file limit the bridge sets itself ([`raise_file_limit`]).
    fn default() -> Limits {
        Limits {
            total: 1024,
            per_address: 64,
            headers_within: Duration::from_secs(10),
            messages_per_second: 50,
            own_screens: 128,
        }
    }
}

impl Limits {
    /// These limits, with `total` lowered to fit under a file limit of
    /// `files` (the bridge keeps some files for itself: the port, logs,
    /// and the own screens' places).
    pub fn within_files(self, files: u64) -> Limits {
        let kept = RESERVED_FILES + u64::try_from(self.own_screens).unwrap_or(u64::MAX);
        let room = usize::try_from(files.saturating_sub(kept)).unwrap_or(usize::MAX);
        Limits {
            total: self.total.min(room),
            ..self
        }
    }
}

/// Files kept for everything but connections.
const RESERVED_FILES: u64 = 64;

/// Raises the soft limit on open files as far as the hard limit allows,
/// up to `wanted`; the limit in effect.
pub fn raise_file_limit(wanted: u64) -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return 1024;
        }
        let target = wanted.min(limit.rlim_max);
        if target > limit.rlim_cur {
            let raised = libc::rlimit {
                rlim_cur: target,
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                return target;
            }
        }
    }
    limit.rlim_cur
}

/// The connections open now.
#[derive(Default)]
struct Counts {
    /// From anywhere but the booth's own address.
    total: usize,
    /// From the booth's own address.
    own: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// One admitted connection; its drop frees its place.
struct Admitted {
    counts: Arc<Mutex<Counts>>,
    address: IpAddr,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().expect("counts lock");
        if is_own_address(self.address) {
            counts.own -= 1;
        } else {
            counts.total -= 1;
        }
        if let Some(n) = counts.by_address.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                counts.by_address.remove(&self.address);
            }
        }
    }
}

/// Admits a connection from `address` if the limits leave room: the own
/// screens' places for the booth's own address, else a place among the
/// rest and one of its address's.
fn admit(counts: &Arc<Mutex<Counts>>, address: IpAddr, limits: &Limits) -> Option<Admitted> {
    let mut c = counts.lock().expect("counts lock");
    if is_own_address(address) {
        if c.own >= limits.own_screens {
            return None;
        }
        c.own += 1;
        return Some(Admitted {
            counts: Arc::clone(counts),
            address,
        });
    }
    let from_there = c.by_address.get(&address).copied().unwrap_or(0);
    if c.total >= limits.total || from_there >= limits.per_address {
        return None;
    }
    c.total += 1;
    *c.by_address.entry(address).or_insert(0) += 1;
    Some(Admitted {
        counts: Arc::clone(counts),
        address,
    })
}

/// A connection's socket that holds its place in the counts until it
/// closes, and gives up on a peer that takes nothing for [`WRITE_STALL`]:
/// a reader that never reads holds no place (and no response) for long.
struct Counted {
    stream: TcpStream,
    _place: Admitted,
    /// Since when a write has waited for the peer to take bytes.
    stalled: Option<Pin<Box<tokio::time::Sleep>>>,
}

/// The kernel's buffer for what a connection has not yet taken. Left to
/// itself Linux grows it to 4 MB a connection, so that a thousand readers
/// that never read would hold gigabytes of the machine's memory (and never
/// stall a write, see [`WRITE_STALL`]); this is ample for a phone on the
/// booth's Wi-Fi.
const SEND_BUFFER: libc::c_int = 64 * 1024;

fn limit_send_buffer(stream: &TcpStream) {
    use std::os::fd::AsRawFd;
    // Best effort: without it the kernel's own growth applies.
    let _ = set_socket_option(
        stream.as_raw_fd(),
        libc::SOL_SOCKET,
        libc::SO_SNDBUF,
        SEND_BUFFER,
    );
}

/// Sets an integer socket option on `fd`.
fn set_socket_option(
    fd: std::os::fd::RawFd,
    level: libc::c_int,
    name: libc::c_int,
    value: libc::c_int,
) -> io::Result<()> {
    // SAFETY: the caller's descriptor is open for this call; the option's
    // value is a c_int of the length given.
    let set = unsafe {
        libc::setsockopt(
            fd,
            level,
            name,
            (&raw const value).cast(),
            std::mem::size_of::<libc::c_int>() as libc::socklen_t,
        )
    };
    if set == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// How long a write may wait for a peer that takes nothing. A phone on a
/// poor line still takes some bytes every few seconds.
pub const WRITE_STALL: Duration = Duration::from_secs(20);

impl Counted {
    /// `written` as it is, unless it has waited for [`WRITE_STALL`].
    fn within_stall<T>(
        &mut self,
        cx: &mut Context<'_>,
        written: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if written.is_ready() {
            self.stalled = None;
            return written;
        }
        let stalled = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(WRITE_STALL)));
        if stalled.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the peer took nothing for 20 s",
            )));
        }
        Poll::Pending
    }
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let written = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.within_stall(cx, written)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let flushed = Pin::new(&mut self.stream).poll_flush(cx);
        self.within_stall(cx, flushed)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let written = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.within_stall(cx, written)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// The bridge's own address a connection reached (a request's
/// extension): 127.0.0.1, another loopback address, or a LAN address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reached(pub SocketAddr);

/// The sockets the bridge listens on: its IPv4 and IPv6 addresses.
pub struct Listeners(pub Vec<TcpListener>);

impl From<TcpListener> for Listeners {
    fn from(listener: TcpListener) -> Listeners {
        Listeners(vec![listener])
    }
}

impl Listeners {
    /// Listens on `port` at the loopback addresses (127.0.0.1 and ::1),
    /// or with `lan` on every address of both families. IPv6 is skipped
    /// (with a warning) where the machine has none.
    ///
    /// # Errors
    /// The IPv4 address cannot be bound (the port is taken).
    pub async fn bind(lan: bool, port: u16) -> io::Result<Listeners> {
        use std::net::{Ipv4Addr, Ipv6Addr};
        let v4 = if lan {
            Ipv4Addr::UNSPECIFIED
        } else {
            Ipv4Addr::LOCALHOST
        };
        let v6 = if lan {
            Ipv6Addr::UNSPECIFIED
        } else {
            Ipv6Addr::LOCALHOST
        };
        let mut listeners = vec![TcpListener::bind((v4, port)).await?];
        match listen_v6_only(SocketAddr::from((v6, port))) {
            Ok(listener) => listeners.push(listener),
            Err(e) => tracing::warn!("not listening on [{v6}]:{port} (IPv6): {e}"),
        }
        Ok(Listeners(listeners))
    }
}

/// A listener on an IPv6 address only, beside the IPv4 one on the same
/// port (Linux would otherwise take IPv4 on `[::]` too, and clash).
fn listen_v6_only(address: SocketAddr) -> io::Result<TcpListener> {
    use std::os::fd::AsRawFd;
    let socket = tokio::net::TcpSocket::new_v6()?;
    socket.set_reuseaddr(true)?;
    set_socket_option(socket.as_raw_fd(), libc::IPPROTO_IPV6, libc::IPV6_V6ONLY, 1)?;
    socket.bind(address)?;
    socket.listen(1024)
}

/// Serves `router` on `listener` within `limits` until `shutdown`
/// completes. A connection beyond a limit is closed at once; the router
/// sees each request's peer as `ConnectInfo<SocketAddr>` and the address
/// it reached as [`Reached`].
pub async fn serve(
    listeners: impl Into<Listeners>,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) {
    let Listeners(listeners) = listeners.into();
    let counts = Arc::new(Mutex::new(Counts::default()));
    let mut shutdown = pin!(shutdown);
    let mut refused = 0u64;
    loop {
        let any = futures_util::future::select_all(listeners.iter().map(|l| Box::pin(l.accept())));
        let (stream, peer) = tokio::select! {
            (accepted, _, _) = any => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of files or memory for a moment: wait rather
                    // than spin.
                    tracing::warn!("cannot accept a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => return,
        };
        let Some(place) = admit(&counts, peer.ip(), &limits) else {
            refused += 1;
            if refused.is_power_of_two() {
                tracing::warn!(
                    "refused {refused} connection(s) over the limits ({} in all, {} per address, {} for the booth's own screens); the last from {peer}",
                    limits.total,
                    limits.per_address,
                    limits.own_screens
                );
            }
            continue;
        };
        // A state change is several small messages in a row: without this,
        // Nagle's algorithm holds the second until the page's delayed ACK,
        // 40 ms later on Linux.
        let _ = stream.set_nodelay(true);
        limit_send_buffer(&stream);
        let reached = Reached(stream.local_addr().unwrap_or(peer));
        let io = TokioIo::new(Counted {
            stream,
            _place: place,
            stalled: None,
        });
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request
                .extensions_mut()
                .insert(ConnectInfo::<SocketAddr>(peer));
            request.extensions_mut().insert(reached);
            router.clone().oneshot(request.map(Body::new))
        });
        tokio::spawn(async move {
            let served = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.headers_within)
                .max_buf_size(HEAD_BYTES)
                .serve_connection(io, service)
                .with_upgrades()
                .await;
            if let Err(e) = served {
                tracing::debug!("connection from {peer} ended: {e}");
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_limited_in_all_and_per_address_and_freed_on_close() {
        let limits = Limits {
            total: 3,
            per_address: 2,
            ..Limits::default()
        };
        let counts = Arc::new(Mutex::new(Counts::default()));
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let first = admit(&counts, a, &limits).unwrap();
        let _second = admit(&counts, a, &limits).unwrap();
        assert!(
            admit(&counts, a, &limits).is_none(),
            "a third from one address"
        );
        let _third = admit(&counts, b, &limits).unwrap();
        assert!(admit(&counts, b, &limits).is_none(), "a fourth in all");
        drop(first);
        assert!(admit(&counts, a, &limits).is_some());
    }

    #[test]
    fn the_own_screens_get_in_when_everyone_else_is_refused() {
        let limits = Limits {
            total: 1,
            own_screens: 2,
            ..Limits::default()
        };
        let counts = Arc::new(Mutex::new(Counts::default()));
        let _crowd = admit(&counts, "127.0.0.2".parse().unwrap(), &limits).unwrap();
        assert!(admit(&counts, "127.0.0.3".parse().unwrap(), &limits).is_none());
        let own = admit(&counts, "127.0.0.1".parse().unwrap(), &limits).unwrap();
        let _also = admit(&counts, "::1".parse().unwrap(), &limits).unwrap();
        assert!(admit(&counts, "127.0.0.1".parse().unwrap(), &limits).is_none());
        drop(own);
        assert!(admit(&counts, "127.0.0.1".parse().unwrap(), &limits).is_some());
    }

    #[test]
    fn the_total_fits_under_the_file_limit() {
        assert_eq!(Limits::default().within_files(224).total, 32);
        assert_eq!(Limits::default().within_files(1 << 20).total, 1024);
    }
}
