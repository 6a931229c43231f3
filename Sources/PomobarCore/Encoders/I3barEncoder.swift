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
  public mutating func frame(_ view: ViewModel) -> String {
    let separator = wroteFrame ? "," : ""
    wroteFrame = true
    var blocks: [JSONValue] = []
    if view.work == nil || !view.timerText.isEmpty { blocks.append(Self.block(view)) }
    if let work = view.work { blocks.append(Self.workBlock(view, work)) }
    return separator + JSON.serialize(.array(blocks)) + "\n"
  }

  /// The work clock's own block: `● api 2:13` in the project's colour while it runs, `○ api
  /// 2:13` muted while it is stopped with a project set (a left click starts it), named
  /// `NAME-work` (`pomobar-work` by default) so that its clicks are told from the timer's.
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

  /// The block for `view`, for this encoder and for merging into another command's blocks.
  ///
  /// `markup` is `none` so that text from the config is never read as Pango markup, unless
  /// the text has a `{bar}`: then it is `pango`, the bar's elapsed part is drawn in the
  /// track colour, and every other character is escaped as markup. `urgent` is always
  /// present, false included, so every frame has the same keys.
  public static func block(_ view: ViewModel) -> JSONValue {
    var full = view.work == nil ? view.fullText : view.timerText
    var short = view.work == nil ? view.shortText : view.timerShortText
    if let bar = view.bar {
      let spans = bar.pangoSpans(color: view.color)
      full = bar.pango(full, spans: spans)
      short = bar.pango(short, spans: spans)
    }
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
}
