// An Arduino Uno on the desk: the firmware's image running on simavr's
// ATmega328P at 16 MHz in real time (or faster with --speed), its serial
// port on a pseudo-terminal that the bridge opens like /dev/ttyACM0, and
// the robot's mechanics around it (world.c).
//
//   uno --firmware build/uno-115200/c4robot.hex --link /tmp/c4-uno [--reset-on-open]
//
// It prints `port <link>` once the port exists, then one line per event
// (`coin Y 3`, `lit <cells>` for each frame of the lights, `opened`,
// `closed`, `reset ...`, `behind <ms> ...` when the host cannot keep
// real time); the answers to `grid` and `leds` start with
// those words. Lines on stdin
// control the world: grid, leds, state, jam, unjam, cover, uncover,
// empty Y|R, fill Y|R, button, unplug <ms>, noise <bytes>, quit.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <simavr/avr_extint.h>
#include <simavr/avr_uart.h>
#include <simavr/sim_avr.h>
#include <simavr/sim_elf.h>
#include <simavr/sim_hex.h>
#include <simavr/sim_io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "world.h"

#define F_CPU 16000000UL
// A Uno's auto-reset: opening the port pulses DTR, which resets the chip;
// Optiboot then waits this long for an upload before it starts the sketch,
// and the bytes the host sends meanwhile never reach the sketch.
#define BOOTLOADER_MS 1000
#define HOST_BUFFER 4096

struct serial {
  int master;          // the pseudo-terminal's master, -1 while unplugged
  char link[512];      // the stable path the bridge opens
  bool open;           // somebody holds the slave
  bool reset_on_open;
  bool xoff;           // the chip's receive FIFO is full
  unsigned char to_chip[HOST_BUFFER];
  size_t to_chip_len;
  avr_irq_t* uart_in;
  bool trace;
  char line_from_chip[80];
  size_t line_len;
};

static struct serial serial = {.master = -1};
static struct world world;
static avr_t* avr;
static double speed = 1.0;
static volatile sig_atomic_t stopping;

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static void sleep_in_step_with_the_loop(avr_t* chip, avr_cycle_count_t cycles) {
  (void)chip;
  (void)cycles;
}

static double chip_s(void) { return (double)avr->cycle / F_CPU; }

// The speed the firmware set its UART to (UBRR0, U2X0).
static unsigned chip_baud(void) {
  unsigned ubrr = avr->data[0xC4] | (avr->data[0xC5] & 0x0F) << 8;
  unsigned divisor = (avr->data[0xC0] & 0x02) ? 8 : 16;
  return F_CPU / (divisor * (ubrr + 1));
}

// The kernel's termios2 (from <asm/termbits.h>, which clashes with
// <termios.h>): the only way to read a speed the host set as a number
// (the serialport crate does, with BOTHER).
struct kernel_termios2 {
  unsigned int c_iflag, c_oflag, c_cflag, c_lflag;
  unsigned char c_line, c_cc[19];
  unsigned int c_ispeed, c_ospeed;
};
#define KERNEL_TCGETS2 _IOR('T', 0x2A, struct kernel_termios2)

// The speed the host set on its end of the line (the slave's settings,
// which the master does not share), 0 if unknown.
static unsigned host_baud(void) {
  static double checked;
  static unsigned baud;
  if (serial.master < 0) return 0;
  if (now_s() - checked < 0.1) return baud;
  checked = now_s();
  const char* name = ptsname(serial.master);
  int slave = name ? open(name, O_RDWR | O_NOCTTY | O_NONBLOCK) : -1;
  struct kernel_termios2 t;
  baud = (slave >= 0 && ioctl(slave, KERNEL_TCGETS2, &t) == 0) ? t.c_ospeed : 0;
  if (slave >= 0) close(slave);
  return baud;
}

// Two ends at different speeds read each other's bytes as noise; within
// 3 % the UART still samples them right.
static bool speeds_match(void) {
  unsigned host = host_baud(), chip = chip_baud();
  if (host == 0) return true;
  double ratio = (double)host / chip;
  return ratio > 0.97 && ratio < 1.03;
}

static unsigned char garble(unsigned char byte) { return (unsigned char)(byte * 37 + 0x91) | 0x80; }

// --- The pseudo-terminal --------------------------------------------------

static void plug_in(void) {
  int master, slave;
  char name[256];
  if (openpty(&master, &slave, name, NULL, NULL) != 0) {
    perror("openpty");
    exit(1);
  }
  // Raw, so nothing echoes the chip's lines back to it before the host
  // sets the line up; the host's own settings replace these.
  struct termios t;
  tcgetattr(slave, &t);
  cfmakeraw(&t);
  cfsetspeed(&t, B115200);
  tcsetattr(slave, TCSANOW, &t);
  close(slave);
  fcntl(master, F_SETFL, O_NONBLOCK);
  serial.master = master;
  serial.open = false;
  unlink(serial.link);
  if (symlink(name, serial.link) != 0) {
    perror("symlink");
    exit(1);
  }
  fprintf(stdout, "port %s\n", serial.link);
  fflush(stdout);
}

static void unplug(void) {
  if (serial.master >= 0) close(serial.master);
  serial.master = -1;
  serial.open = false;
  serial.to_chip_len = 0;
  unlink(serial.link);
  fprintf(stdout, "ok unplugged\n");
  fflush(stdout);
}

// The chip's bytes go to the host while it holds the port; a USB serial
// chip drops them otherwise.
static void on_chip_byte(struct avr_irq_t* irq, uint32_t value, void* param) {
  (void)irq;
  (void)param;
  unsigned char byte = (unsigned char)value;
  if (serial.trace) {
    if (byte == '\n' || serial.line_len == sizeof serial.line_from_chip - 1) {
      fprintf(stdout, "robot> %.*s\n", (int)serial.line_len, serial.line_from_chip);
      fflush(stdout);
      serial.line_len = 0;
    } else if (byte != '\r') {
      serial.line_from_chip[serial.line_len++] = (char)byte;
    }
  }
  if (serial.master < 0 || !serial.open) return;
  if (!speeds_match()) byte = garble(byte);
  if (write(serial.master, &byte, 1) != 1 && errno != EAGAIN) {
    // The host's side is gone; the next poll notices.
  }
}

static void on_xon(struct avr_irq_t* irq, uint32_t value, void* param) {
  (void)irq;
  (void)value;
  (void)param;
  serial.xoff = false;
}

static void on_xoff(struct avr_irq_t* irq, uint32_t value, void* param) {
  (void)irq;
  (void)value;
  (void)param;
  serial.xoff = true;
}

// The chip held in reset, then Optiboot's wait, as wall-clock time: the
// chip does not run meanwhile and bytes from the host are lost.
static double held_until;

// simavr treats INT0 and INT1 (D2, D3: the STEP and DIR lines) as
// low-level interrupts after a reset and, for as long as either pin is
// low, polls it at every cycle, enabled or not: most of the host's time
// for a chip that never enables them. With the polling off they would
// fire on the falling edge only, which the firmware never asks for.
static void without_level_polling(void) {
  avr_extint_set_strict_lvl_trig(avr, 0, 0);
  avr_extint_set_strict_lvl_trig(avr, 1, 0);
}

static void reset_without_level_polling(void) {
  avr_reset(avr);
  without_level_polling();
  world_after_reset(&world);
}

static void reset_chip(const char* why) {
  reset_without_level_polling();
  held_until = now_s() + BOOTLOADER_MS / 1000.0 / speed;
  fprintf(stdout, "reset (%s)\n", why);
  fflush(stdout);
}

// Whether the host holds the slave (a master with no slave open hangs up),
// and the bytes it sent.
static void poll_host(void) {
  if (serial.master < 0) return;
  struct pollfd p = {serial.master, POLLIN, 0};
  poll(&p, 1, 0);
  bool open = !(p.revents & POLLHUP);
  if (open != serial.open) {
    serial.open = open;
    fprintf(stdout, open ? "opened\n" : "closed\n");
    fflush(stdout);
    if (open && serial.reset_on_open) reset_chip("the port opened: DTR");
  }
  if (!open || !(p.revents & POLLIN)) return;
  size_t room = HOST_BUFFER - serial.to_chip_len;
  ssize_t n = read(serial.master, serial.to_chip + serial.to_chip_len, room);
  if (n <= 0) return;
  bool garbled = !speeds_match();
  for (ssize_t i = 0; i < n; i++) {
    unsigned char* byte = serial.to_chip + serial.to_chip_len + i;
    if (garbled) *byte = garble(*byte);
  }
  serial.to_chip_len += (size_t)n;
}

// Bytes to the chip's UART while it has room; simavr paces them at the
// chip's baud rate. During the bootloader they are lost.
static void feed_chip(void) {
  size_t sent = 0;
  while (sent < serial.to_chip_len && !serial.xoff) {
    avr_raise_irq(serial.uart_in, serial.to_chip[sent++]);
  }
  memmove(serial.to_chip, serial.to_chip + sent, serial.to_chip_len - sent);
  serial.to_chip_len -= sent;
}

// --- Control lines on stdin -----------------------------------------------

// A burst of line noise both ways (a loose ground, a motor's spike): `n`
// random bytes and a line end to the host and to the chip.
static void noise(int n) {
  if (n < 0 || n > HOST_BUFFER / 2) n = HOST_BUFFER / 2;
  unsigned char burst[HOST_BUFFER / 2 + 1];
  for (int i = 0; i < n; i++) burst[i] = (unsigned char)random();
  burst[n] = '\n';
  if (serial.master >= 0 && serial.open && write(serial.master, burst, (size_t)n + 1) < 0) {
    // The host is gone: nobody to hear it.
  }
  size_t room = HOST_BUFFER - serial.to_chip_len;
  size_t take = (size_t)n + 1 < room ? (size_t)n + 1 : room;
  memcpy(serial.to_chip + serial.to_chip_len, burst, take);
  serial.to_chip_len += take;
  fprintf(stdout, "ok noise %d bytes each way\n", n);
  fflush(stdout);
}

static long replug_at_ms = -1;

static void control(const char* line) {
  long ms;
  if (!strcmp(line, "quit")) {
    stopping = 1;
  } else if (sscanf(line, "unplug %ld", &ms) == 1) {
    unplug();
    replug_at_ms = (long)(chip_s() * 1000) + ms;
  } else if (sscanf(line, "noise %ld", &ms) == 1) {
    noise((int)ms);
  } else if (!world_control(&world, line)) {
    fprintf(stdout, "? %s\n", line);
    fflush(stdout);
  }
}

static void poll_control(void) {
  static char buffer[256];
  static size_t len;
  struct pollfd p = {STDIN_FILENO, POLLIN, 0};
  static bool closed;
  if (closed || poll(&p, 1, 0) <= 0) return;
  ssize_t n = read(STDIN_FILENO, buffer + len, sizeof buffer - 1 - len);
  if (n <= 0) {
    // Started without a terminal or pipe: nothing more to read.
    closed = true;
    return;
  }
  len += (size_t)n;
  char* end;
  while ((end = memchr(buffer, '\n', len)) != NULL) {
    *end = 0;
    control(buffer);
    len -= (size_t)(end + 1 - buffer);
    memmove(buffer, end + 1, len);
  }
  if (len == sizeof buffer - 1) len = 0;
}

// The image as `make upload` flashes it (`.hex`), or the ELF it came from.
static bool load(const char* firmware) {
  size_t len = strlen(firmware);
  if (len > 4 && !strcmp(firmware + len - 4, ".hex")) {
    ihex_chunk_p chunks = NULL;
    int count = read_ihex_chunks(firmware, &chunks);
    if (count <= 0) return false;
    for (int i = 0; i < count; i++) {
      // Flash only: the EEPROM's image (0x810000 and up) is not ours.
      if (chunks[i].baseaddr < 0x800000) {
        avr_loadcode(avr, chunks[i].data, chunks[i].size, chunks[i].baseaddr);
      }
    }
    free_ihex_chunks(chunks);
    return true;
  }
  elf_firmware_t elf;
  memset(&elf, 0, sizeof elf);
  if (elf_read_firmware(firmware, &elf) != 0) return false;
  elf.frequency = F_CPU;
  avr_load_firmware(avr, &elf);
  return true;
}

static void on_signal(int sig) {
  (void)sig;
  stopping = 1;
}

static void usage(void) {
  fprintf(stderr,
          "usage: uno --firmware FILE.hex|FILE.elf --link PATH [--reset-on-open] [--speed X] [--trace]\n");
  exit(2);
}

int main(int argc, char** argv) {
  const char* firmware = NULL;
  static const struct option options[] = {
      {"firmware", required_argument, 0, 'f'}, {"link", required_argument, 0, 'l'},
      {"reset-on-open", no_argument, 0, 'r'},  {"speed", required_argument, 0, 's'},
      {"trace", no_argument, 0, 't'},          {0, 0, 0, 0}};
  int option;
  while ((option = getopt_long(argc, argv, "", options, NULL)) != -1) {
    switch (option) {
      case 'f': firmware = optarg; break;
      case 'l': snprintf(serial.link, sizeof serial.link, "%s", optarg); break;
      case 'r': serial.reset_on_open = true; break;
      case 's': speed = atof(optarg); break;
      case 't': serial.trace = true; break;
      default: usage();
    }
  }
  if (!firmware || !serial.link[0] || speed <= 0) usage();
  avr = avr_make_mcu_by_name("atmega328p");
  if (!avr) return 1;
  avr_init(avr);
  avr->frequency = F_CPU;
  avr->log = LOG_ERROR;
  if (!load(firmware)) {
    fprintf(stderr, "uno: cannot read the firmware %s\n", firmware);
    return 1;
  }
  avr->frequency = F_CPU;

  uint32_t flags = 0;
  avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
  // The host sees bytes as they are: no stdio echo from simavr.
  flags &= ~AVR_UART_FLAG_STDIO;
  avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
  serial.uart_in = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
  avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                          on_chip_byte, NULL);
  avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON),
                          on_xon, NULL);
  avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF),
                          on_xoff, NULL);
  world_attach(&world, avr, stdout);
  without_level_polling();
  // simavr's own sleep callback usleeps through the chip's idle sleep; the
  // loop below keeps the wall clock (and --speed) instead.
  avr->sleep = sleep_in_step_with_the_loop;

  // Ends with whoever started it (a test, the bridge), even when killed.
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  signal(SIGINT, on_signal);
  signal(SIGTERM, on_signal);
  signal(SIGPIPE, SIG_IGN);
  plug_in();

  double started = now_s();
  avr_cycle_count_t next_check = 0;
  while (!stopping) {
    if (held_until > 0) {
      // In reset or in the bootloader: the host's bytes go nowhere.
      poll_host();
      serial.to_chip_len = 0;
      poll_control();
      if (now_s() < held_until) {
        usleep(1000);
        continue;
      }
      held_until = 0;
      reset_without_level_polling();
      // The chip's clock starts again from here.
      started = now_s() - chip_s() / speed;
      next_check = 0;
    }
    int state = avr_run(avr);
    if (state == cpu_Done || state == cpu_Crashed) {
      fprintf(stdout, "crashed (simavr state %d): resetting\n", state);
      reset_chip("crash");
    }
    if (avr->cycle < next_check) continue;
    // About every 0.1 ms of the chip's time: the host, the control lines,
    // the lights, and a sleep when the chip runs ahead of the wall clock.
    next_check = avr->cycle + F_CPU / 1000;
    world_poll(&world);
    poll_host();
    feed_chip();
    if (replug_at_ms >= 0 && chip_s() * 1000 >= replug_at_ms) {
      replug_at_ms = -1;
      plug_in();
      reset_chip("plugged in again: power");
    }
    static int tick;
    if (++tick % 10 == 0) poll_control();
    double ahead = chip_s() / speed - (now_s() - started);
    if (ahead > 0.002) usleep((useconds_t)(ahead * 1e6));
    // The host's timeouts count wall time: a chip that falls behind it
    // (a host too busy to emulate it) makes every motion look slow.
    static double behind_said;
    if (ahead < -0.1 && now_s() - behind_said >= 1.0) {
      behind_said = now_s();
      fprintf(stdout, "behind %.0f ms: the host is too busy to run the chip in real time\n", -ahead * 1000);
      fflush(stdout);
    }
  }
  unlink(serial.link);
  return 0;
}
