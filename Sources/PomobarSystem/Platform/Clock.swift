import CLinux
import PomobarCore

#if canImport(Glibc)
  import Glibc
#endif

/// Where clock readings come from; tests substitute their own.
public protocol ClockSource: Sendable {
  func read() -> ClockReading
  /// `read().boottime` alone: what a wait's timeout is measured from, once a tick.
  func readBoottime() -> Int64
}

extension ClockSource {
  public func readBoottime() -> Int64 { read().boottime }
}

/// The kernel's clocks.
///
/// For end-to-end tests, `POMOBAR_TEST_CLOCK=FILE` names a file of adjustments read on
/// every reading: `suspend SECONDS` (adds to boottime and the wall clock, as a suspend of
/// that length would), `awake SECONDS` (adds to every clock, as that much time passing
/// would), `wall SECONDS` (moves only the wall clock, like `date -s`), `boot ID`
/// (pretends a reboot: another boot id), and `freeze EPOCH` (every clock stands still,
/// the wall clock at EPOCH seconds and the others a day after the boot: a test's commands
/// see the instants it sets, however long a loaded machine takes to run them; the other
/// lines add to it).
public struct SystemClock: ClockSource {
  let adjustments: String?
  let bootID: String

  public init(environment: Environment) {
    adjustments = environment["POMOBAR_TEST_CLOCK"]
    bootID = Self.thisBoot
  }

  /// The kernel's clocks as they are, whatever `POMOBAR_TEST_CLOCK` says: for what never
  /// followed the test clock (the effect runner's log and deadlines, a command's "now").
  public init() {
    adjustments = nil
    bootID = Self.thisBoot
  }

  public func read() -> ClockReading {
    var reading = ClockReading(
      wall: Self.now(CLOCK_REALTIME), boottime: Self.now(CLOCK_BOOTTIME),
      monotonic: Self.now(CLOCK_MONOTONIC), bootID: bootID)
    if let adjustments { Self.apply(adjustments, to: &reading) }
    return reading
  }

  /// One clock, not three, unless a test's adjustments are to be applied.
  public func readBoottime() -> Int64 {
    adjustments == nil ? Self.now(CLOCK_BOOTTIME) : read().boottime
  }

  /// `CLOCK_MONOTONIC` now, as the kernel has it.
  public static var monotonic: Int64 { now(CLOCK_MONOTONIC) }

  public static func now(_ clock: clockid_t) -> Int64 {
    var ts = timespec()
    clock_gettime(clock, &ts)
    return Int64(ts.tv_sec) &* 1_000_000_000 &+ Int64(ts.tv_nsec)
  }

  /// Sleeps for `nanoseconds`, through signals.
  public static func sleep(nanoseconds: Int64) {
    var request = timespec(
      tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    var left = timespec()
    _ = try? retrying("nanosleep") {
      defer { request = left }  // after a signal, what is left of the sleep
      return nanosleep(&request, &left)
    }
  }

  /// The boot id, read once: a process does not outlive its boot, and a start makes
  /// several clocks (the store's, the history's).
  static let thisBoot = readBootID()

  static func readBootID() -> String {
    guard let bytes = try? FileSystem.read("/proc/sys/kernel/random/boot_id") else { return "" }
    return String(decoding: bytes.filter { $0 > 0x20 }, as: UTF8.self)
  }

  static func apply(_ path: String, to reading: inout ClockReading) {
    guard let bytes = try? FileSystem.read(path) else { return }
    let real = reading
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      let words = line.split(separator: " ")
      guard words.count == 2 else { continue }
      let seconds = Self.nanoseconds(String(words[1]))
      switch words[0] {
      case "suspend":
        reading.boottime &+= seconds
        reading.wall &+= seconds
      case "awake":
        reading.boottime &+= seconds
        reading.monotonic &+= seconds
        reading.wall &+= seconds
      case "wall": reading.wall &+= seconds
      case "freeze":
        // Every clock stands still: the wall clock at that instant since the epoch, the
        // others a day after a boot.
        guard let epoch = Double(words[1]), epoch.isFinite, (0...1e11).contains(epoch) else { continue }
        reading.wall &+= Int64(epoch * 1e9) &- real.wall
        reading.boottime &+= Self.frozenUptime &- real.boottime
        reading.monotonic &+= Self.frozenUptime &- real.monotonic
      case "boot": reading.bootID = String(words[1])
      default: continue
      }
    }
  }
}

extension SystemClock {
  /// What `freeze` sets boottime and the monotonic clock to: a day, in nanoseconds.
  static let frozenUptime: Int64 = 86_400 * 1_000_000_000

  /// A test adjustment in seconds as nanoseconds; 0 for anything not a finite number
  /// within about 31 years either way (`1e10`, `nan` and `inf` must not trap the conversion).
  static func nanoseconds(_ text: String) -> Int64 {
    guard let seconds = Double(text), seconds.isFinite, abs(seconds) <= 1e9 else { return 0 }
    return Int64(seconds * 1e9)
  }
}

/// Local wall-clock time, through the C library's time zone rules.
public enum LocalTime {
  /// `2026-11-23 14:05:09`: the local date and time at `wall` nanoseconds since the epoch.
  public static func timestamp(wall: Int64) -> String {
    var seconds = time_t(wall / 1_000_000_000)
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else { return "\(seconds)" }
    func pad(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday)) "
      + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec))"
  }

  /// Seconds east of UTC in force at `seconds` since the epoch (0 if the C library
  /// cannot say): the system's zone rules (`TZ`, `/etc/localtime`).
  public static func offset(atUTC seconds: Int64) -> Int32 {
    var time = time_t(seconds)
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return 0 }
    return Int32(parts.tm_gmtoff)
  }
}
