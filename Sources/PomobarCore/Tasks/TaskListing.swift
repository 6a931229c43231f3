/// What a task source printed, read into the picker's list: pure, bounded, and refusing
/// what is not text (a NUL, bytes that are not UTF-8) with the place.
public enum TaskListing {
  /// The most a source may print; more is refused (the reader stops taking bytes there).
  public static let outputLimit = 4 * 1024 * 1024
  /// The most tasks listed: the picker gets the first (most urgent) ones.
  public static let maxTasks = 2000
  /// The longest picker line, in bytes; a longer title is cut at a character.
  public static let lineBytes = 400

  /// Why a source's output cannot be read.
  public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
    case tooLarge(limit: Int)
    case nul(offset: Int)
    case notUTF8(offset: Int)
    /// Taskwarrior's export is not the JSON array of tasks it should be.
    case notExport(String)

    public var description: String {
      switch self {
      case .tooLarge(let limit): return "it printed more than \(limit / 1024 / 1024) MiB"
      case .nul(let offset): return "it printed a NUL byte (at byte \(offset))"
      case .notUTF8(let offset): return "it printed bytes that are not UTF-8 (at byte \(offset))"
      case .notExport(let why): return "its export is not a list of tasks: \(why)"
      }
    }
  }

  /// The tasks `bytes` (a source's whole output, `truncated` when it went over
  /// `outputLimit`) lists, in the picker's order.
  public static func read(
    _ bytes: [UInt8], truncated: Bool = false, source: TaskSettings.Source
  ) -> Result<[TaskCandidate], Failure> {
    if truncated || bytes.count > outputLimit { return .failure(.tooLarge(limit: outputLimit)) }
    if let nul = bytes.firstIndex(of: 0) { return .failure(.nul(offset: nul)) }
    if let bad = firstInvalidUTF8(bytes) { return .failure(.notUTF8(offset: bad)) }
    let text = String(decoding: bytes, as: UTF8.self)
    let tasks: [TaskCandidate]
    switch source {
    case .taskwarrior:
      switch TaskwarriorExport.tasks(text) {
      case .success(let read): tasks = read
      case .failure(let failure): return .failure(failure)
      }
    case .todoTxt: tasks = TodoTxt.tasks(text)
    case .command, .none:
      tasks = TodoTxt.lines(text).compactMap { line in
        TodoTxt.task(line).map { task in
          var listed = task
          listed.id = line
          return listed
        }
      }
    }
    return .success(Array(tasks.prefix(maxTasks)))
  }

  /// What the picker's answer `picked` chooses: the task whose line it is, or a task of
  /// those words (a picker lets one type a new one); nil for nothing (cancelled).
  public static func choice(_ picked: String, in tasks: [TaskCandidate]) -> TaskCandidate? {
    let line = picked.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
    let trimmed = line.trimmedOfSpaces
    guard !trimmed.isEmpty else { return nil }
    if let listed = tasks.first(where: { $0.line == line || $0.line == trimmed }) { return listed }
    return TodoTxt.task(trimmed)
  }

  /// The offset of the first byte that is not part of valid UTF-8; nil when all are.
  static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  /// `text` as one picker line: control characters as spaces, cut at `lineBytes`.
  static func oneLine(_ text: String) -> String {
    var out = ""
    var bytes = 0
    for scalar in text.unicodeScalars {
      let shown: Unicode.Scalar = scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar
      bytes += UTF8.width(shown)
      if bytes > lineBytes { break }
      out.unicodeScalars.append(shown)
    }
    return out
  }
}
