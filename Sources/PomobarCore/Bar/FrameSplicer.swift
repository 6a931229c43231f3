/// A running phase's frames made from a template while only time passes: the parts of a
/// frame the clock does not move are made once, and each tick puts its ring and time in.
///
/// It stands for a state whose view the clock reaches only through the timer's face
/// (`ViewModel.clockMovesOnlyTheFace`), and an encoder whose frames can be spliced
/// (`BarEncoder.clockFields`). A tick works out its face (`Moment`); while what else of the
/// face a frame shows (`Key`: when the phase ends, the urgent flag, `{percent}`,
/// `{remaining}`, `{bar}`, what the encoder shows besides) is the same, the frame is the
/// template with the ring and the time put in place of their marks. A new key makes a new
/// template: a view whose ring and time are marks, encoded, cut at the marks, and checked
/// against the frame rendered whole at that tick; one that does not give that frame (a
/// text that holds a mark itself) is not used, and its ticks are rendered whole.
///
/// A class: a batch of ticks shares one, and its state and config are not copied per tick.
final class FrameSplicer {
  /// What a tick shows: the timer's face and the urgent flag. The same moment is the same
  /// view.
  struct Moment: Equatable {
    var face: ViewModel.Face
    var urgent: Bool
  }

  /// What of a moment a frame shows besides its ring and time (nil: not shown).
  struct Key: Equatable {
    var urgent: Bool
    var endsAt: String?
    var earned: Duration?
    var percentage: Int?
    var minutes: String?
    var ending: Bool?
    var bar: BarView?
  }

  /// A frame cut at the marks: `literals` around `pieces`, one literal more. A class: the
  /// key is compared and the template used each tick without copying them.
  final class Template {
    enum Piece { case ring, time }
    let key: Key
    private(set) var literals: [[UInt8]] = []
    private(set) var pieces: [Piece] = []
    /// The frame's length without its pieces, in UTF-8 bytes.
    private(set) var length = 0
    /// It gives the frame rendered whole.
    var usable = false

    init(key: Key, frame: String) {
      self.key = key
      let marks: [(Piece, [UInt8])] = [
        (.ring, Array(ViewModel.Face.ringMark.utf8)), (.time, Array(ViewModel.Face.timeMark.utf8)),
      ]
      let bytes = Array(frame.utf8)
      var (start, index) = (0, 0)
      while index < bytes.count {
        guard let (piece, mark) = marks.first(where: { bytes[index...].starts(with: $0.1) }) else {
          index += 1
          continue
        }
        literals.append(Array(bytes[start..<index]))
        pieces.append(piece)
        index += mark.count
        start = index
      }
      literals.append(Array(bytes[start...]))
      length = literals.reduce(0) { $0 + $1.count }
    }

    /// The frame with `ring` and `time` in place of their marks: each part copied once.
    func splice(ring: String, time: String) -> String {
      var (ring, time) = (ring, time)
      return ring.withUTF8 { ring in
        time.withUTF8 { time in
          String(unsafeUninitializedCapacity: length + pieces.count * max(ring.count, time.count)) { out in
            var end = 0
            func put(_ bytes: UnsafeBufferPointer<UInt8>) {
              _ = UnsafeMutableBufferPointer(rebasing: out[end...]).initialize(fromContentsOf: bytes)
              end += bytes.count
            }
            for index in pieces.indices {
              literals[index].withUnsafeBufferPointer(put)
              put(pieces[index] == .ring ? ring : time)
            }
            literals[pieces.count].withUnsafeBufferPointer(put)
            return end
          }
        }
      }
    }
  }

  private let state: TimerState
  private let config: Config
  private let zone: (Int64) -> Int32
  private let problem: String?
  private let encoder: any BarEncoder
  private let fields: ClockFields
  private let placeholders: [Placeholder]
  private var template: Template?
  /// The moment of the last tick worked out: the next batch's first tick is told from it.
  var moment: Moment?

  /// nil when frames of `state` cannot be spliced with `encoder` (which has written a frame).
  init?(
    state: TimerState, config: Config, zone: @escaping (Int64) -> Int32, problem: String?,
    figures: HistoryFigures?, encoder: any BarEncoder
  ) {
    guard let fields = encoder.clockFields, ViewModel.clockMovesOnlyTheFace(state, config, figures: figures)
    else { return nil }
    (self.state, self.config, self.zone, self.problem) = (state, config, zone, problem)
    (self.encoder, self.fields, placeholders) = (encoder, fields, config.format.placeholders)
  }

  /// The moment at `now`.
  func moment(at now: ClockReading) -> Moment {
    let second = ViewModel.localSecondOfDay(now, zone: zone)
    return Moment(
      face: ViewModel.Face(
        state, config, now: now.instant, localSecondOfDay: second, sameState: moment?.face),
      urgent: state.isUrgent(at: now.instant, lasting: config.display.urgentFor))
  }

  /// The frame of `moment`, the one at `now`; nil when it is to be rendered whole: its ring
  /// or time has a character some encoder changes, or its template is not usable.
  func frame(_ moment: Moment, at now: ClockReading) -> String? {
    let face = moment.face
    guard Self.isInert(face.ring), Self.isInert(face.time) else { return nil }
    let key = Key(
      urgent: moment.urgent, endsAt: face.endsAt, earned: face.flow?.earned,
      percentage: placeholders.contains(.percent) || fields.contains(.percentage) ? face.percentage : nil,
      minutes: placeholders.contains(.minutes) ? FormatValues.minutes(face.minutes) : nil,
      ending: fields.contains(.ending) ? face.isEnding : nil,
      bar: placeholders.contains(.bar) ? face.bar(config.display) : nil)
    let template: Template
    if let made = self.template, made.key == key {
      template = made
    } else {
      var (marked, whole) = (encoder, encoder)
      template = Template(key: key, frame: marked.frame(view(at: now, marked: true)))
      template.usable =
        template.splice(ring: face.ring, time: face.time) == whole.frame(view(at: now, marked: false))
      self.template = template
    }
    guard template.usable else { return nil }
    return template.splice(ring: face.ring, time: face.time)
  }

  private func view(at now: ClockReading, marked: Bool) -> ViewModel {
    ViewModel(
      state: state, config: config, reading: now, zone: zone, problem: problem, figures: nil, marked: marked)
  }

  /// Whether no encoder changes `text`, put in a frame, nor takes it for anything else:
  /// not empty (an empty placeholder takes a space with it), ASCII letters, digits and `:`
  /// (no encoder escapes them), no control, no mark and no block element (`{bar}` is found
  /// in the text by its blocks).
  static func isInert(_ text: String) -> Bool {
    !text.isEmpty
      && text.unicodeScalars.allSatisfy { scalar in
        switch scalar.value {
        case 0x30...0x3A, 0x41...0x5A, 0x61...0x7A: return true
        case 0...0x9F, 0x2580...0x259F, 0x10FFFC...0x10FFFD: return false
        default: return true
        }
      }
  }
}
