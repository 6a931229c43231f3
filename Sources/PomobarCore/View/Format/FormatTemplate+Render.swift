/// The values a frame fills placeholders with, worked out once per frame.
struct FormatValues {
  var ring: String
  var bar: BarView?
  var time: String
  var remaining: Int64
  var phase: String
  var position: Int
  var cycle: Int
  var dots: String
  var ends: String?
  var completed: Int
  var percent: Int
  var work: WorkView?
  /// `{left}` and `{balance}`, worked out only when a text shows them.
  var left = ""
  var balance = ""

  /// The text of one placeholder; numbers are turned into text only when asked for.
  @inline(__always)
  func text(_ placeholder: Placeholder) -> String {
    switch placeholder {
    case .ring: return ring
    case .bar: return bar?.plain ?? ""
    case .time: return time
    case .minutes: return Self.minutes(remaining)
    case .phase: return phase
    case .position: return String(position)
    case .cycle: return String(cycle)
    case .dots: return dots
    case .ends: return ends ?? ""
    case .completed: return String(completed)
    case .percent: return String(percent)
    case .project: return work?.project ?? ""
    case .today: return work.map { WorkView.clock($0.total) } ?? ""
    case .left: return left
    case .balance: return balance
    }
  }

  /// Whole minutes left, rounded up: `25m`, `1h5m`, `0m` at the end.
  static func minutes(_ seconds: Int64) -> String {
    let minutes = (max(0, seconds) + 59) / 60
    return minutes >= 60 ? "\(minutes / 60)h\(minutes % 60)m" : "\(minutes)m"
  }
}

extension FormatTemplate {
  /// The text for one frame.
  ///
  /// An empty placeholder takes the space after it (or, with none, the one before it), so
  /// a missing project or end time leaves no double or trailing space.
  func render(_ values: borrowing FormatValues) -> String {
    var out = ""
    var dropSpace = false
    for index in parts.indices {
      switch parts[index] {
      case .literal(let text):
        if dropSpace && text.utf8.first == UInt8(ascii: " ") {
          out += text.dropFirst()
        } else {
          out += text
        }
        dropSpace = false
      case .placeholder(let placeholder):
        let text = values.text(placeholder)
        if !text.isEmpty {
          out += text
        } else if index + 1 < parts.count, case .literal(let next) = parts[index + 1],
          next.utf8.first == UInt8(ascii: " ")
        {
          dropSpace = true
        } else if out.utf8.last == UInt8(ascii: " ") {
          out.removeLast()
        }
      }
    }
    return out
  }
}
