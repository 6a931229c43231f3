/// The i3bar protocol, which swaybar speaks too: a header, then an endless JSON array of
/// frames, each frame an array of blocks (swaybar-protocol(7)).
///
/// The header asks for click events and names SIGURG/SIGCONT as the stop and continue
/// signals: by default the bar SIGSTOPs the status command while it is hidden, which would
/// freeze the timer and delay a phase's end (swaybar-protocol(7), `stop_signal`). The shell
/// must handle both signals itself: stop printing frames, keep timing.
///
/// Both signals are ones whose default action is to do nothing: the bar sends them to the
/// whole process group (i3bar's `killpg`), which includes the `/bin/sh -c` that runs a
/// `status_command` line, and SIGUSR1 would kill that shell and end the block.
public struct I3barEncoder: BarEncoder {
  /// SIGURG on Linux: sent by the bar when it is hidden.
  public static let stopSignal: Int32 = 23
  /// SIGCONT on Linux: sent by the bar when it is shown again.
  public static let contSignal: Int32 = 18

  private var wroteFrame = false

  public init() {}

  public var clockFields: ClockFields? { [] }

  /// The header line, then the `[` that opens the infinite array of frames.
  public func header() -> String {
    let header: JSONValue = [
      "version": 1, "click_events": true,
      "stop_signal": .integer(Int64(Self.stopSignal)), "cont_signal": .integer(Int64(Self.contSignal)),
    ]
    return JSON.serialize(header) + "\n[\n"
  }

  /// `[{block}]` on one line; from the second frame on, `,[{block}]`, as the frames are
  /// elements of one array.
  ///
  /// A running phase's frames are worked out a minute at a time: the blocks are written
  /// as bytes, in the order and spelling `JSON.serialize` gives, with no `JSONValue` made.
  public mutating func frame(_ view: ViewModel) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    if wroteFrame { out.append(UInt8(ascii: ",")) }
    wroteFrame = true
    out.append(UInt8(ascii: "["))
    let timer = view.work == nil || !view.timerText.isEmpty
    if timer { Self.writeBlock(view, into: &out) }
    if let work = view.work {
      if timer { out.append(UInt8(ascii: ",")) }
      Self.writeWorkBlock(view, work, into: &out)
    }
    JSON.write(raw: "]\n", into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// The work clock's own block: `● api 2:13` in the project's colour while it runs, `○ api
  /// 2:13` muted while it is stopped with a project set (a left click starts it), named
  /// `NAME-work` (`pomobar-work` by default) so that its clicks are told from the timer's.
  private static func writeWorkBlock(_ view: ViewModel, _ work: WorkView, into out: inout [UInt8]) {
    JSON.write(raw: #"{"name":"#, into: &out)
    JSON.writeString(view.name + WorkClicks.nameSuffix, into: &out)
    writeMembers(
      instance: view.instance, full: work.text, short: work.shortText, color: work.color, urgent: false,
      pango: false, into: &out)
  }

  /// The block for `view`.
  ///
  /// `markup` is `none` so that text from the config is never read as Pango markup, unless
  /// the text has a `{bar}`: then it is `pango`, the bar's elapsed part is drawn in the
  /// track colour, and every other character is escaped as markup. `urgent` is always
  /// present, false included, so every frame has the same keys.
  private static func writeBlock(_ view: ViewModel, into out: inout [UInt8]) {
    let (full, short) = texts(view)
    JSON.write(raw: #"{"name":"#, into: &out)
    JSON.writeString(view.name, into: &out)
    writeMembers(
      instance: view.instance, full: full, short: short, color: view.color, urgent: view.urgent,
      pango: view.bar != nil, into: &out)
  }

  /// The work block as a `JSONValue`: what `frame` writes, for a caller that wants the
  /// value (the tests hold the bytes to it).
  public static func workBlock(_ view: ViewModel, _ work: WorkView) -> JSONValue {
    [
      "name": .string(view.name + WorkClicks.nameSuffix),
      "instance": .string(view.instance),
      "full_text": .string(work.text),
      "short_text": .string(work.shortText),
      "color": .string(work.color),
      "urgent": false,
      "markup": "none",
    ]
  }

  /// The timer's block as a `JSONValue`: what `frame` writes (see `writeBlock`).
  public static func block(_ view: ViewModel) -> JSONValue {
    let (full, short) = texts(view)
    return [
      "name": .string(view.name),
      "instance": .string(view.instance),
      "full_text": .string(full),
      "short_text": .string(short),
      "color": .string(view.color),
      "urgent": .bool(view.urgent),
      "markup": view.bar == nil ? "none" : "pango",
    ]
  }

  /// The timer block's texts: with a `{bar}`, as Pango markup.
  private static func texts(_ view: ViewModel) -> (full: String, short: String) {
    var full = view.work == nil ? view.fullText : view.timerText
    var short = view.work == nil ? view.shortText : view.timerShortText
    if let bar = view.bar {
      let spans = bar.pangoSpans(color: view.color)
      full = bar.pango(full, spans: spans)
      short = bar.pango(short, spans: spans)
    }
    return (full, short)
  }

  /// A block's members after its name, and its closing brace.
  private static func writeMembers(
    instance: String, full: String, short: String, color: String, urgent: Bool, pango: Bool,
    into out: inout [UInt8]
  ) {
    JSON.write(raw: #","instance":"#, into: &out)
    JSON.writeString(instance, into: &out)
    JSON.write(raw: #","full_text":"#, into: &out)
    JSON.writeString(full, into: &out)
    JSON.write(raw: #","short_text":"#, into: &out)
    JSON.writeString(short, into: &out)
    JSON.write(raw: #","color":"#, into: &out)
    JSON.writeString(color, into: &out)
    JSON.write(raw: urgent ? #","urgent":true"# : #","urgent":false"#, into: &out)
    JSON.write(raw: pango ? #","markup":"pango"}"# : #","markup":"none"}"#, into: &out)
  }
}
