import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One frame a bar copy printed, decoded with Foundation's JSON parser (independent of
/// pomobar's own), whatever the format.
struct Frame: CustomStringConvertible {
  /// What the bar shows: i3bar `full_text`, waybar `text`.
  var text: String
  var urgent: Bool
  /// The whole decoded object (the i3bar block, or the waybar object).
  var fields: [String: Any]
  /// The frame's index among the bar's frames, its line's index in stdout, and when it
  /// arrived (`CLOCK_BOOTTIME` ns).
  var index = 0
  var line: Int
  var at: Int64

  /// Seconds shown as `mm:ss` or `h:mm:ss` in the text; nil when none (e.g. "Focus done").
  var remaining: Int? { Frame.seconds(in: text) }

  /// The phase words between the ring and the time: "Ready", "Focus", "Focus paused",
  /// "Short break", "Focus done"...
  var label: String {
    text.split(separator: " ").dropFirst()
      .prefix { word in Frame.seconds(in: String(word)) == nil && !word.allSatisfy { "●○".contains($0) } }
      .joined(separator: " ")
  }

  /// Whether the frame shows `label` (e.g. "Focus") with `seconds` left, if given.
  func shows(_ label: String, _ seconds: Int? = nil) -> Bool {
    self.label == label && (seconds == nil || remaining == seconds)
  }

  var description: String { "#\(line) \"\(text)\" urgent=\(urgent)" }

  static func seconds(in text: String) -> Int? {
    for word in text.split(separator: " ") {
      let parts = word.split(separator: ":", omittingEmptySubsequences: false)
      guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) })
      else { continue }
      return parts.reduce(0) { $0 * 60 + Int($1)! }
    }
    return nil
  }
}

/// The output formats a bar copy is started with in these tests.
enum BarFormat: String {
  case i3bar
  case waybar
}

/// A running bar copy: a `PomobarProcess` whose stdout is read as frames.
final class Bar {
  let process: PomobarProcess
  let format: BarFormat
  private var openedClicks = false
  /// How many frames the test has looked at: `waitForNextFrame` looks only after these, so
  /// a frame that arrives before the test starts waiting for it is not missed.
  private(set) var cursor = 0

  init(_ process: PomobarProcess, format: BarFormat) {
    self.process = process
    self.format = format
  }

  /// Every frame printed so far, in order.
  var frames: [Frame] {
    let fresh = process.stdout.lines(from: decodedLines)
    for (offset, line) in fresh.enumerated() {
      if var frame = Self.decode(line.text, format: format, line: decodedLines + offset, at: line.at) {
        frame.index = decoded.count
        decoded.append(frame)
      }
    }
    decodedLines += fresh.count
    return decoded
  }

  /// Frames decoded so far, and how many stdout lines they came from (each line is decoded once).
  private var decoded: [Frame] = []
  private var decodedLines = 0

  var lastFrame: Frame? { frames.last }

  /// For i3bar: the header line, decoded.
  var header: [String: Any]? {
    guard format == .i3bar, let first = process.stdout.snapshot.first else { return nil }
    return (try? JSONSerialization.jsonObject(with: Data(first.text.utf8))) as? [String: Any]
  }

  static func decode(_ text: String, format: BarFormat, line: Int, at: Int64) -> Frame? {
    switch format {
    case .i3bar:
      var body = Substring(text)
      guard body.hasPrefix("[{") || body.hasPrefix(",[{") else { return nil }  // header, "["
      if body.hasPrefix(",") { body = body.dropFirst() }
      guard let blocks = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [[String: Any]],
        let block = blocks.first(where: { $0["name"] as? String == "pomobar" }) ?? blocks.first
      else { return nil }
      return Frame(
        text: block["full_text"] as? String ?? "", urgent: block["urgent"] as? Bool ?? false,
        fields: block, line: line, at: at)
    case .waybar:
      guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
        return nil
      }
      let classes = object["class"] as? [String] ?? []
      return Frame(
        text: object["text"] as? String ?? "", urgent: classes.contains("urgent"), fields: object,
        line: line, at: at)
    }
  }

  /// Waits for the first frame after the first `count` frames that satisfies `predicate`,
  /// and moves the cursor past it.
  @discardableResult
  func waitForFrame(
    after count: Int = 0, timeout: Double = 5, _ what: @autoclosure () -> String = "a frame",
    where predicate: (Frame) -> Bool = { _ in true }
  ) async throws -> Frame {
    let frame = try await eventually(
      "\(what()) on \(format.rawValue) bar; frames so far:\n\(frames.map(\.description).joined(separator: "\n"))\nstderr:\n\(process.stderr.text)",
      timeout: timeout, every: 0.005
    ) {
      frames.dropFirst(count).first(where: predicate)
    }
    cursor = max(cursor, frame.index + 1)
    return frame
  }

  /// Waits for a frame satisfying `predicate` among those the test has not looked at yet.
  @discardableResult
  func waitForNextFrame(
    timeout: Double = 5, _ what: @autoclosure () -> String = "the next frame",
    where predicate: (Frame) -> Bool = { _ in true }
  ) async throws -> Frame {
    try await waitForFrame(after: cursor, timeout: timeout, what(), where: predicate)
  }

  /// Marks every frame printed so far as seen.
  @discardableResult
  func skipSeenFrames() -> Int {
    cursor = frames.count
    return cursor
  }

  /// Sends an i3bar click event line (the opening `[` first, as i3bar does).
  func click(button: Int, name: String? = "pomobar", instance: String? = "pomodoro") throws {
    try process.write(clickLine(button: button, name: name, instance: instance))
  }

  /// The bytes i3bar would send for one click, opening the array on the first.
  func clickLine(button: Int, name: String? = "pomobar", instance: String? = "pomodoro") -> String {
    var fields: [String] = []
    if let name { fields.append("\"name\":\"\(name)\"") }
    if let instance { fields.append("\"instance\":\"\(instance)\"") }
    fields += [
      "\"button\":\(button)", "\"modifiers\":[]", "\"x\":1200", "\"y\":10",
      "\"relative_x\":12", "\"relative_y\":8", "\"width\":120", "\"height\":22",
    ]
    let object = "{" + fields.joined(separator: ",") + "}\n"
    return rawLine(object)
  }

  /// Prefixes `line` as the click stream needs: `[` before the first, `,` before the others.
  func rawLine(_ line: String) -> String {
    defer { openedClicks = true }
    return openedClicks ? "," + line : "[\n" + line
  }
}

/// Decodes `pomobar status --format json` (or any one-object JSON line).
func decodeObject(_ text: String) throws -> [String: Any] {
  guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
    throw HarnessError("not a JSON object: \(text)")
  }
  return object
}
