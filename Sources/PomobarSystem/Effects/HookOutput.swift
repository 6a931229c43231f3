/// A hook's output on its way to `hooks.log`: one log line per line it wrote, prefixed
/// `LABEL[PID]: `, lines cut at 4 KiB, and at most `outputLimit` log bytes per command;
/// the rest is counted and said in one line.
struct HookOutput {
  /// `focus-end[1234]`.
  let label: String
  private var partialLine: [UInt8] = []
  private var logged = 0
  private var dropped = 0
  /// Log bytes written for one command's output at most; the rest is drained and counted.
  static let outputLimit = 64 * 1024

  init(label: String) { self.label = label }

  mutating func take(_ chunk: [UInt8], into log: inout HookLog) {
    for byte in chunk {
      if byte == UInt8(ascii: "\n") {
        emit(into: &log)
      } else if partialLine.count < 4096 {
        partialLine.append(byte)
      }
    }
  }

  /// Logs an unfinished last line and what was not logged.
  mutating func flush(into log: inout HookLog) {
    if !partialLine.isEmpty { emit(into: &log) }
    if dropped > 0 { log.line("\(label): (\(dropped) more bytes of output not logged)") }
  }

  private mutating func emit(into log: inout HookLog) {
    let text = "\(label): " + String(decoding: partialLine, as: UTF8.self)
    let size = HookLog.timestampWidth + text.utf8.count + 2
    if logged + size <= Self.outputLimit {
      log.line(text)
      logged += size
    } else {
      dropped += partialLine.count + 1
    }
    partialLine.removeAll(keepingCapacity: true)
  }
}
