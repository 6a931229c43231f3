/// Makes the one i3bar stream `pomobar --wrap` writes: the wrapped command's blocks, as it
/// wrote them, with pomobar's own placed among them at `position`.
///
/// Each status line is whole: pomobar's blocks from its i3bar encoder's latest frame, the
/// command's from its latest complete line, so a line never mixes a half of either.
public struct StatusMerger: Sendable {
  public var position: WrapPosition
  /// pomobar's blocks, as its i3bar encoder wrote them.
  private var ours: [ArraySlice<UInt8>] = []
  /// The wrapped command's blocks, or the marker shown while it is down.
  private var theirs: [[UInt8]] = []
  private var wroteLine = false

  public init(position: WrapPosition) {
    self.position = position
  }

  /// Takes pomobar's blocks from one frame of `I3barEncoder` (`,[{...},{...}]\n`).
  public mutating func setOurs(frame: String) {
    var bytes = Array(frame.utf8)[...]
    while let last = bytes.last, JSONArrayScanner.isSpace(last) { bytes = bytes.dropLast() }
    if bytes.first == UInt8(ascii: ",") { bytes = bytes.dropFirst() }
    let array = Array(bytes)
    var blocks: [ArraySlice<UInt8>] = []
    JSONArrayScanner.forEachElement(array) { element in
      if case .success(let range) = element { blocks.append(array[range]) }
      return true
    }
    ours = blocks
  }

  /// Takes the wrapped command's blocks (each a JSON object's bytes).
  public mutating func setTheirs(_ blocks: [[UInt8]]) {
    theirs = blocks
  }

  /// The status line for the bar: `[...]` the first time, `,[...]` after, and a newline.
  public mutating func line() -> String {
    var out: [UInt8] = []
    out.reserveCapacity(256 + theirs.reduce(0) { $0 + $1.count + 1 })
    if wroteLine { out.append(UInt8(ascii: ",")) }
    wroteLine = true
    out.append(UInt8(ascii: "["))
    let blocks = position.arrange(ours.map { Array($0) }, among: theirs)
    for (index, block) in blocks.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out += block
    }
    out += "]\n".utf8
    return String(decoding: out, as: UTF8.self)
  }

  /// The block shown in the wrapped command's place while it is down: `⚠ i3status: exited
  /// with status 1`, named `NAME-wrap` so that its clicks go nowhere.
  public static func marker(name: String, instance: String, text: String, shortText: String) -> [UInt8] {
    let block: JSONValue = [
      "name": .string(name + WrapClicks.markerSuffix),
      "instance": .string(instance),
      "full_text": .string(text),
      "short_text": .string(shortText),
      "color": "#E5484D",
      "urgent": false,
      "markup": "none",
    ]
    return Array(JSON.serialize(block).utf8)
  }
}
