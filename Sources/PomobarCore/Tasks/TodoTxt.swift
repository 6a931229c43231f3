/// The todo.txt format (github.com/todotxt/todo.txt): one task a line, `x ` before a done
/// one, `(A) ` a priority, then an optional creation date, the words, `+project`,
/// `@context` and `key:value` pairs anywhere.
///
/// pomobar writes the time a task took back as two pairs (`TodoTxt.addingSpent`):
/// `pomo:N`, the focus sessions that ran to their end, and `spent:75m`, the minutes of
/// focus spent on it however each ended. It reads a task's estimate from `est:2h` (any
/// length `[timer]` takes: `90m`, `1h30m`), the bar's `{task-progress}`.
public enum TodoTxt {
  /// The pair that counts completed focus sessions.
  public static let pomoKey = "pomo"
  /// The pair that sums the minutes spent.
  public static let spentKey = "spent"
  /// The pair that says how long a task is thought to take.
  public static let estimateKey = "est"

  /// The open tasks of a todo.txt file: prioritised ones first, `(A)` before `(B)`, then
  /// the others, each group in the file's order; done lines and blank ones left out.
  public static func tasks(_ text: String) -> [TaskCandidate] {
    var ranked: [(priority: UInt8, index: Int, task: TaskCandidate)] = []
    for (index, line) in lines(text).enumerated() {
      guard let parsed = parse(line), !parsed.done else { continue }
      var task = TaskCandidate(
        title: parsed.title, id: identity(line), project: parsed.project, estimate: parsed.estimate)
      task.detail = ((parsed.priority.map { ["(\(Character(Unicode.Scalar($0))))"] } ?? []) + parsed.contexts)
        .joined(separator: " ")
      ranked.append((parsed.priority ?? UInt8(ascii: "Z") + 1, index, task))
    }
    return ranked.sorted { ($0.priority, $0.index) < ($1.priority, $1.index) }.map(\.task)
  }

  /// A line of a command's output or a picker's answer as a task: its title, project (its
  /// first `+project`) and estimate (`est:`); nil for a blank line. A leading `x` or `(A)`
  /// is its words.
  static func task(_ line: String) -> TaskCandidate? {
    parse(line, marks: false).map {
      TaskCandidate(title: $0.title, project: $0.project, estimate: $0.estimate)
    }
  }

  /// The non-blank lines of `text`, without their ends' spaces.
  static func lines(_ text: String) -> [String] {
    text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map { String($0).trimmedOfSpaces }.filter {
      !$0.isEmpty
    }
  }

  struct Line: Equatable {
    var done: Bool
    var priority: UInt8?
    var title: String
    var project: String?
    var contexts: [String]
    var estimate: Duration? = nil
  }

  /// The parts of a todo.txt line (without `marks`, no done mark, priority or dates);
  /// nil for a blank one.
  static func parse(_ line: String, marks: Bool = true) -> Line? {
    var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard !words.isEmpty else { return nil }
    let all = words.joined(separator: " ")
    var done = false
    if marks, words[0] == "x" {
      done = true
      words.removeFirst()
      if let first = words.first, isDate(first) { words.removeFirst() }  // completion date
    }
    var priority: UInt8? = nil
    if marks, let first = words.first, first.utf8.count == 3, first.hasPrefix("("), first.hasSuffix(")") {
      let letter = Array(first.utf8)[1]
      if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(letter) {
        priority = letter
        words.removeFirst()
      }
    }
    if marks, let first = words.first, isDate(first) { words.removeFirst() }  // creation date
    var title: [String] = []
    var project: String? = nil
    var contexts: [String] = []
    var estimate: Duration? = nil
    for word in words {
      if word.count > 1, word.hasPrefix("+") {
        if project == nil { project = String(word.dropFirst()) }
      } else if word.count > 1, word.hasPrefix("@") {
        contexts.append(word)
      } else if isPair(word) {
        if estimate == nil, word.hasPrefix(estimateKey + ":") {
          let value = DurationFormat.parse(String(word.dropFirst(estimateKey.count + 1)))
          estimate = value.flatMap { $0 > .zero ? $0 : nil }
        }
      } else {
        title.append(word)
      }
    }
    let text = title.isEmpty ? all : title.joined(separator: " ")
    return Line(
      done: done, priority: priority, title: text, project: project, contexts: contexts, estimate: estimate)
  }

  /// What stays of a line as pomobar writes it back: without a done mark, the `pomo:` and
  /// `spent:` pairs, and runs of spaces; the id a todo.txt task is found by again.
  public static func identity(_ line: String) -> String {
    var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    if words.first == "x" {
      words.removeFirst()
      if let first = words.first, isDate(first) { words.removeFirst() }
    }
    return words.filter { !isOurs($0) }.joined(separator: " ")
  }

  /// `line` with a focus of `minutes` added: `spent:` grows by them, and `pomo:` by one
  /// when the focus ran to its end; the pairs are added at the end when missing.
  public static func addingSpent(_ line: String, minutes: Int, completed: Bool) -> String {
    var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    func bump(_ key: String, by amount: Int, unit: String) {
      if let index = words.firstIndex(where: { $0.hasPrefix(key + ":") }) {
        var number = words[index].dropFirst(key.count + 1)
        if !unit.isEmpty, number.hasSuffix(unit) { number = number.dropLast(unit.count) }
        words[index] = "\(key):\((Int(number) ?? 0) + amount)\(unit)"
      } else {
        words.append("\(key):\(amount)\(unit)")
      }
    }
    if completed { bump(pomoKey, by: 1, unit: "") }
    bump(spentKey, by: minutes, unit: "m")
    return words.joined(separator: " ")
  }

  /// The whole file `text` with the task `id` given a focus of `minutes`: nil when no line
  /// is that task any more (changed or removed by hand).
  public static func writingBack(_ text: String, id: String, minutes: Int, completed: Bool) -> String? {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let index = lines.firstIndex(where: { identity($0.trimmedOfSpaces) == id }) else { return nil }
    lines[index] = addingSpent(lines[index].trimmedOfSpaces, minutes: minutes, completed: completed)
    return lines.joined(separator: "\n")
  }

  private static func isOurs(_ word: String) -> Bool {
    word.hasPrefix(pomoKey + ":") || word.hasPrefix(spentKey + ":")
  }

  /// `key:value`, neither side empty nor holding another colon (a URL is not a pair).
  private static func isPair(_ word: String) -> Bool {
    let parts = word.split(separator: ":", omittingEmptySubsequences: false)
    return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty && !parts[1].hasPrefix("/")
  }

  /// `YYYY-MM-DD`.
  private static func isDate(_ word: String) -> Bool {
    let bytes = Array(word.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
      return false
    }
    return bytes.enumerated().allSatisfy {
      $0.offset == 4 || $0.offset == 7 || (48...57).contains($0.element)
    }
  }
}
