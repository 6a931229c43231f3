/// What a report encoder writes, handed on a piece at a time (about `chunk` bytes): the
/// page or the JSON of a range of many days (a record in 9999 beside one in 1970) is never
/// held whole.
public struct ReportOutput {
  let chunk: Int
  let write: (String) -> Void
  var pending = ""

  public init(chunk: Int = 1 << 16, _ write: @escaping (String) -> Void) {
    self.chunk = chunk
    self.write = write
  }

  public static func += (output: inout ReportOutput, text: String) {
    output.pending += text
    if output.pending.utf8.count >= output.chunk { output.flush() }
  }

  /// Hands on what is left; call it once written.
  public mutating func flush() {
    guard !pending.isEmpty else { return }
    write(pending)
    pending = ""
  }

  /// What `body` writes, as one string: for what is small, and for tests.
  static func collect(_ body: (inout ReportOutput) -> Void) -> String {
    var text = ""
    let append = { (piece: String) in text += piece }
    withoutActuallyEscaping(append) { append in
      var output = ReportOutput(chunk: Int.max, append)
      body(&output)
      output.flush()
    }
    return text
  }
}
