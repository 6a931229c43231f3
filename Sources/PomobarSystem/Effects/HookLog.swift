/// `hooks.log`: what the effect runner did, one line per event, size-capped.
///
/// Past 1 MiB the file is renamed to `hooks.log.1` (replacing the previous one) and a new
/// one begun, so the two together stay near 2 MiB. Lines are appended with `O_APPEND`, so
/// runners of several transitions can share the file; rotation happens under an `flock`
/// on it. A log that cannot be written (full or read-only disk) is skipped silently: the
/// commands still run.
struct HookLog {
  static let sizeLimit = 1 << 20

  private var fd: FileDescriptor?
  /// What stamps each line with the local date and time.
  private let clock: any ClockSource

  init(_ path: String, clock: any ClockSource) {
    self.clock = clock
    fd = Self.open(path)
    guard let current = fd else { return }
    try? current.lock()
    if let size = try? current.size(), size > Self.sizeLimit {
      try? FileSystem.rename(path, path + ".1")
      current.close()
      fd = Self.open(path)
    } else {
      current.unlock()
    }
  }

  private static func open(_ path: String) -> FileDescriptor? {
    try? FileDescriptor.open(path, [.writeOnly, .append, .create, .noFollow], mode: 0o600)
  }

  /// Appends `text` as a line stamped with the local date and time.
  func line(_ text: String) {
    guard let fd else { return }
    _ = try? fd.write(LocalTime.timestamp(wall: clock.read().wall) + " " + text + "\n")
  }

  func close() { fd?.close() }

  /// The width of a timestamp, for callers that count what a line costs.
  static let timestampWidth = 19
}
