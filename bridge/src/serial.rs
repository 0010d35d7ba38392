//! Opening the robot's serial port.
//!
//! The serial library sets the line up with the `termios2` ioctls, which
//! some Linux-like systems lack: qemu-user before 10.2 (where the
//! Raspberry Pi build is checked), WSL 1, strict seccomp sandboxes. There
//! the port is opened again and set up with the classic `termios` calls
//! every Linux has; the robot's speeds are all classic ones.

use std::path::Path;
use std::time::Duration;

use serialport::SerialPort;

/// Opens `path` at `baud`, 8N1 without flow control, reads waiting at most
/// `timeout`.
///
/// # Errors
/// The serial library's error: no such device, no permission, or another
/// program holds the port.
pub fn open(
    path: &Path,
    baud: u32,
    timeout: Duration,
) -> Result<Box<dyn SerialPort>, serialport::Error> {
    match serialport::new(path.to_string_lossy(), baud)
        .timeout(timeout)
        .open()
    {
        Ok(port) => Ok(port),
        // How the library reports a port another program holds (EBUSY or
        // its lock): that program keeps it.
        Err(e) if e.kind() == serialport::ErrorKind::NoDevice => Err(e),
        Err(e) => classic::open(path, baud, timeout).map_err(|_| e),
    }
}

#[cfg(target_os = "linux")]
mod classic {
    use std::io;
    use std::os::fd::{AsRawFd, IntoRawFd, RawFd};
    use std::os::unix::fs::OpenOptionsExt;
    use std::path::Path;
    use std::time::Duration;

    use serialport::{SerialPort, TTYPort};

    fn check(result: libc::c_int) -> io::Result<()> {
        if result < 0 {
            Err(io::Error::last_os_error())
        } else {
            Ok(())
        }
    }

    fn speed(baud: u32) -> Option<libc::speed_t> {
        Some(match baud {
            9600 => libc::B9600,
            19200 => libc::B19200,
            38400 => libc::B38400,
            57600 => libc::B57600,
            115_200 => libc::B115200,
            230_400 => libc::B230400,
            460_800 => libc::B460800,
            921_600 => libc::B921600,
            _ => return None,
        })
    }

    /// Raw 8N1 at `baud`, through `tcsetattr` (`TCSETS`).
    fn set_up(fd: RawFd, baud: u32) -> io::Result<()> {
        let speed = speed(baud).ok_or_else(|| {
            io::Error::new(io::ErrorKind::InvalidInput, "not a classic serial speed")
        })?;
        // SAFETY: `fd` is an open descriptor; `termios` is plain data that
        // tcgetattr fills before it is read.
        unsafe {
            let mut termios: libc::termios = std::mem::zeroed();
            check(libc::tcgetattr(fd, &mut termios))?;
            libc::cfmakeraw(&mut termios);
            termios.c_cflag |= libc::CREAD | libc::CLOCAL;
            termios.c_cflag &= !(libc::CSTOPB | libc::CRTSCTS);
            termios.c_iflag &= !(libc::IXON | libc::IXOFF | libc::IXANY);
            check(libc::cfsetspeed(&mut termios, speed))?;
            check(libc::tcsetattr(fd, libc::TCSANOW, &termios))?;
            // Reads block (up to the port's timeout), as the library's do.
            check(libc::fcntl(fd, libc::F_SETFL, 0))
        }
    }

    pub(super) fn open(
        path: &Path,
        baud: u32,
        timeout: Duration,
    ) -> io::Result<Box<dyn SerialPort>> {
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags(libc::O_NOCTTY | libc::O_NONBLOCK)
            .open(path)?;
        // Like the library: a port another program holds is refused.
        // SAFETY: the descriptor is open.
        check(unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) })?;
        set_up(file.as_raw_fd(), baud)?;
        // SAFETY: the descriptor is open and owned by nobody else from here.
        let mut port =
            unsafe { <TTYPort as std::os::fd::FromRawFd>::from_raw_fd(file.into_raw_fd()) };
        port.set_timeout(timeout).map_err(io::Error::other)?;
        Ok(Box::new(port))
    }
}

#[cfg(not(target_os = "linux"))]
mod classic {
    use std::path::Path;
    use std::time::Duration;

    use serialport::SerialPort;

    pub(super) fn open(_: &Path, _: u32, _: Duration) -> std::io::Result<Box<dyn SerialPort>> {
        Err(std::io::Error::from(std::io::ErrorKind::Unsupported))
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use std::io::{Read, Write};

    use serialport::TTYPort;

    use super::*;

    /// The classic way up, on a pseudo-terminal: lines go both ways raw,
    /// with no echo, and a second opener is refused.
    #[test]
    fn the_classic_set_up_carries_lines_both_ways() {
        let (mut robot, host) = TTYPort::pair().expect("a pseudo-terminal");
        let name = host.name().expect("named");
        drop(host);
        let mut port = classic::open(Path::new(&name), 115_200, Duration::from_millis(500))
            .expect("the classic set-up");
        robot.set_timeout(Duration::from_millis(500)).unwrap();
        port.write_all(b"PING\n").unwrap();
        let mut got = [0u8; 5];
        robot.read_exact(&mut got).unwrap();
        assert_eq!(&got, b"PING\n");
        robot.write_all(b"READY\n").unwrap();
        let mut answer = [0u8; 6];
        port.read_exact(&mut answer).unwrap();
        assert_eq!(&answer, b"READY\n", "raw: no echo, no translation");
        assert!(
            classic::open(Path::new(&name), 115_200, Duration::from_millis(50)).is_err(),
            "a second opener is refused"
        );
        assert!(classic::open(Path::new(&name), 1234, Duration::from_millis(50)).is_err());
    }
}
