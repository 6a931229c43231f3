import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// Warnings for a person on stderr: one line per kind of problem per minute.
///
/// A bar runs for days; a problem that repeats (garbage on stdin, a disk that stays full)
/// must not turn into thousands of lines. The first warning of a kind is written at once;
/// repeats within a minute are counted and the count is said with the next one written.
/// Writes never block: a stderr pipe nobody reads loses lines rather than stopping the bar.
public final class Warnings {
  public static let interval: Int64 = 60 * 1_000_000_000
  /// Kinds remembered at most; the oldest is forgotten first.
  static let kindsKept = 64

  private let sink: (String) -> Void
  private let now: () -> Int64
  private var seen: [String: (at: Int64, suppressed: Int)] = [:]

  /// Warnings written to `sink` (stderr by default), timed by `now` (monotonic ns).
  public init(
    sink: @escaping (String) -> Void = Warnings.standardError,
    now: @escaping () -> Int64 = { SystemClock.now(CLOCK_MONOTONIC) }
  ) {
    self.sink = sink
    self.now = now
  }

  /// Says `message`, unless a warning of the same `kind` (by default, the same message)
  /// was said less than a minute ago.
  public func warn(_ message: String, kind: String? = nil) {
    let key = kind ?? message
    let time = now()
    if let last = seen[key], time - last.at < Self.interval {
      seen[key] = (last.at, last.suppressed + 1)
      return
    }
    let repeats = seen[key]?.suppressed ?? 0
    if seen[key] == nil && seen.count >= Self.kindsKept,
      let oldest = seen.min(by: { $0.value.at < $1.value.at })?.key
    {
      seen[oldest] = nil
    }
    seen[key] = (time, 0)
    let more = repeats > 0 ? " (\(repeats) more like it in the last minute)" : ""
    sink("pomobar: warning: \(message)\(more)\n")
  }

  /// Writes to stderr without blocking; a full pipe drops the line.
  public static func standardError(_ line: String) {
    let bytes = Array(line.utf8)
    if let fd = errorOutput {
      _ = bytes.withUnsafeBytes { Glibc.write(fd.rawValue, $0.baseAddress, $0.count) }
    } else {
      // A socket (the journal) cannot be opened again; it takes a flag per call instead.
      _ = bytes.withUnsafeBytes { send(2, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
    }
  }

  /// A second open of stderr with `O_NONBLOCK`, so that the flag does not leak to the
  /// terminal or pipe shared with other processes; nil for a socket. A regular file is
  /// written through stderr itself (a file never blocks): a second open would have an
  /// offset of its own, and the lines of others writing to the same file (a command run
  /// by `--wrap` shares it) would overwrite pomobar's.
  private static let errorOutput: FileDescriptor? = {
    var info = stat()
    if fstat(2, &info) == 0 && info.st_mode & S_IFMT == S_IFREG { return .standardError }
    return try? FileDescriptor.open("/proc/self/fd/2", O_WRONLY | O_NONBLOCK | O_NOCTTY)
  }()
}
