/// Incremental, tolerant decoder for the i3bar stream of a wrapped status command: a
/// header object line, `[`, then one JSON array of blocks per line, every line after the
/// first starting with `,` (what i3status, i3status-rust, py3status and bumblebee-status
/// write).
///
/// Bytes may be split anywhere; a partial last line waits for the next call. Of the
/// complete lines one call brings, only the newest status line counts: a command that
/// floods costs one parse per read, not one per line, and an older line is worth nothing
/// once a newer one is there. Each block is kept as the bytes the command wrote, so keys
/// pomobar does not know pass through untouched. What cannot be used (a line that is not
/// JSON, an array holding something other than objects, a line longer than
/// `maximumLineLength`) is reported and skipped; the last good line stays in use.
/// A command that never writes a header (its first line is a status line) is read all
/// the same, with the bar's defaults for the header.
///
/// A command whose first line is neither a header, `[`, nor an array of blocks writes
/// plain text, as i3bar and swaybar take it from a `status_command` without a header (i3status
/// with `output_format = "none"`, a shell loop around `date`): each line is the status, shown
/// as one block. A header that comes later (after a banner, say) turns the stream into
/// i3bar JSON from then on.
public struct ChildStreamDecoder: Sendable {
  /// The longest line kept, in bytes; longer lines are skipped with one problem each.
  /// i3status writes about 1 KiB per line.
  public static let maximumLineLength = 256 * 1024

  /// What one `feed` brought.
  public struct Update: Equatable, Sendable {
    /// The header, on the call that completed it.
    public var header: ChildHeader?
    /// The newest status line's blocks, each as the command wrote it; nil when no new one.
    public var blocks: [[UInt8]]?
    /// Lines skipped, one each.
    public var problems: [Problem] = []

    public init(header: ChildHeader? = nil, blocks: [[UInt8]]? = nil, problems: [Problem] = []) {
      self.header = header
      self.blocks = blocks
      self.problems = problems
    }
  }

  /// A line that was skipped, and why.
  public struct Problem: Equatable, Sendable {
    /// What kind of problem: one warning per kind is enough for a person.
    public enum Kind: String, Sendable {
      case notJSON = "not JSON"
      case notBlocks = "not blocks"
      case tooLong = "too long"
      case secondHeader = "second header"
    }

    public var kind: Kind
    public var message: String
  }

  /// How the command writes, as its first line says.
  enum Mode: Equatable, Sendable {
    /// No line yet.
    case undecided
    /// The i3bar protocol: a header (or a first status line in its place), then arrays
    /// of blocks.
    case blocks
    /// Plain text: each line is the status.
    case text
  }

  private var line: [UInt8] = []
  private var discarding = false
  private(set) var mode = Mode.undecided

  public init() {}

  /// Decodes what `bytes` completes.
  public mutating func feed(_ bytes: some Collection<UInt8>) -> Update {
    var update = Update()
    var lines: [[UInt8]] = []
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        if discarding {
          discarding = false
        } else if !line.isEmpty {
          lines.append(line)
        }
        line.removeAll(keepingCapacity: true)
      } else if !discarding {
        if line.count < Self.maximumLineLength {
          line.append(byte)
        } else {
          discarding = true
          line.removeAll()
          update.problems.append(
            Problem(
              kind: .tooLong, message: "a line longer than \(Self.maximumLineLength / 1024) KiB was skipped"))
        }
      }
    }
    var rest = lines[...]
    while mode == .undecided, let first = rest.first {
      switch Self.classify(first) {
      case .blank:
        rest = rest.dropFirst()
      case .opening:
        mode = .blocks
        rest = rest.dropFirst()
      case .blocks:
        mode = .blocks  // no header: the status line is read below
      case .header(let header):
        update.header = header
        mode = .blocks
        rest = rest.dropFirst()
      case .problem:
        mode = .text  // read below
      }
    }
    if mode == .text {
      // The newest line is the status, unless a header came after it.
      var newest: [UInt8]?
      while let first = rest.first {
        if first.first == UInt8(ascii: "{"), case .header(let header) = Self.classify(first) {
          update.header = header
          mode = .blocks
          rest = rest.dropFirst()
          break
        }
        newest = first
        rest = rest.dropFirst()
      }
      if mode == .text {
        if let newest { update.blocks = [Self.textBlock(newest)] }
        return update
      }
    }
    // The newest usable status line, looked for from the end.
    for candidate in rest.reversed() {
      switch Self.classify(candidate) {
      case .blank, .opening:
        continue
      case .blocks(let blocks):
        update.blocks = blocks
      case .header:
        update.problems.append(
          Problem(kind: .secondHeader, message: "a second header was skipped: \(lineExcerpt(candidate))"))
        continue
      case .problem(let problem):
        update.problems.append(problem)
        continue
      }
      break
    }
    return update
  }

  /// A line of plain text as one block: its text, shown as it is (no markup).
  static func textBlock(_ line: [UInt8]) -> [UInt8] {
    var text = line[...]
    if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
    let block: JSONValue = ["full_text": .string(String(decoding: text, as: UTF8.self)), "markup": "none"]
    return Array(JSON.serialize(block).utf8)
  }

  enum Line: Equatable {
    /// Whitespace, a lone `,`, or the `]` that closes the stream.
    case blank
    /// The `[` that opens the endless array.
    case opening
    case header(ChildHeader)
    case blocks([[UInt8]])
    case problem(Problem)
  }

  /// What one line is.
  static func classify(_ raw: [UInt8]) -> Line {
    var start = raw.startIndex
    var end = raw.endIndex
    func trim() {
      while start < end, JSONArrayScanner.isSpace(raw[start]) { start += 1 }
      while end > start, JSONArrayScanner.isSpace(raw[end - 1]) { end -= 1 }
    }
    trim()
    if start < end, raw[start] == UInt8(ascii: ",") {
      start += 1
      trim()
    }
    if start < end, raw[end - 1] == UInt8(ascii: ",") {
      end -= 1
      trim()
    }
    guard start < end, !(end - start == 1 && raw[start] == UInt8(ascii: "]")) else { return .blank }
    if end - start == 1 && raw[start] == UInt8(ascii: "[") { return .opening }
    if raw[start] == UInt8(ascii: "[") {
      // `[[{...}]`: the array's opening and the first status line on one line.
      var next = start + 1
      while next < end, JSONArrayScanner.isSpace(raw[next]) { next += 1 }
      if next < end, raw[next] == UInt8(ascii: "[") { start = next }
    }
    let content = Array(raw[start..<end])
    let json: JSONValue
    do {
      json = try JSON.parse(content)
    } catch {
      return .problem(
        Problem(
          kind: .notJSON, message: "a line that is not JSON was skipped (\(error)): \(lineExcerpt(content))"))
    }
    if let header = ChildHeader(json: json) { return .header(header) }
    guard let elements = json.arrayValue else {
      return .problem(
        Problem(
          kind: .notBlocks,
          message:
            "a line that is neither a header nor an array of blocks was skipped: \(lineExcerpt(content))"))
    }
    guard elements.allSatisfy({ $0.objectValue != nil }) else {
      return .problem(
        Problem(
          kind: .notBlocks,
          message: "a status line whose blocks are not all objects was skipped: \(lineExcerpt(content))"))
    }
    // Valid JSON (parsed above), so the scanner's element ranges are exact.
    var blocks: [[UInt8]] = []
    JSONArrayScanner.forEachElement(content) { element in
      if case .success(let range) = element { blocks.append(Array(content[range])) }
      return true
    }
    return .blocks(blocks)
  }
}
