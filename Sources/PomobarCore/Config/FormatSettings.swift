/// `[format]` and its per-phase tables: the texts the bar shows, as compiled templates.
///
/// A text is looked up most specific first: for a paused phase `[format.paused]`, then the
/// phase's own table (`[format.focus]`), then `[format]`. The defaults render exactly the
/// texts pomobar always showed; a focus that is done has its own (no time left to show).
public struct FormatSettings: Equatable, Sendable {
  /// `[format]`.
  public var base = FormatSettings.defaultBase {
    didSet { resolve() }
  }
  /// `[format.PHASE]`, in `FormatSlot` order.
  public var phases = FormatSettings.defaultPhases {
    didSet { resolve() }
  }
  /// The template for each slot, paused or not, and kind, looked up once per change of
  /// the settings rather than on every frame: `resolved[(slot * 2 + paused) * 3 + kind]`.
  private var resolved: [FormatTemplate?] = []
  /// Every placeholder some text shows, in `Placeholder` order.
  public private(set) var placeholders: [Placeholder] = []
  /// What they need with a goal set, and without one (`Config.needs`).
  public private(set) var needs: PlaceholderNeeds = []
  public private(set) var needsWithoutGoals: PlaceholderNeeds = []

  static let defaultBase = FormatTexts(
    full: FormatTemplate(builtIn: "{ring} {phase} {time} {dots}"),
    short: FormatTemplate(builtIn: "{ring} {time}"),
    tooltip: nil)
  static let defaultPhases: [FormatTexts] = FormatSlot.allCases.map { slot in
    switch slot {
    case .focusDone:
      return FormatTexts(
        full: FormatTemplate(builtIn: "{ring} {phase} {dots}"), short: FormatTemplate(builtIn: "{ring} done"),
        tooltip: nil)
    case .idle, .focus, .shortBreak, .longBreak, .paused:
      return FormatTexts()
    }
  }

  public init() { resolve() }

  /// The template of `kind` for a view of `slot`; nil only for a tooltip nobody set (the
  /// built-in tooltip is used).
  public func template(_ kind: FormatKind, _ slot: FormatSlot, paused: Bool) -> FormatTemplate? {
    resolved[(slot.index * 2 + (paused ? 1 : 0)) * 3 + kind.index]
  }

  /// Looks up every template most specific first: `[format.paused]` for a paused phase,
  /// then the phase's own table, then `[format]`.
  private mutating func resolve() {
    var resolved: [FormatTemplate?] = []
    resolved.reserveCapacity(FormatSlot.allCases.count * 2 * FormatKind.allCases.count)
    for slot in FormatSlot.allCases {
      for paused in [false, true] {
        for kind in FormatKind.allCases {
          let own = paused ? phases[FormatSlot.paused.index][kind] : nil
          resolved.append(own ?? phases[slot.index][kind] ?? base[kind])
        }
      }
    }
    self.resolved = resolved
    let texts = ([base] + phases).flatMap { texts in FormatKind.allCases.compactMap { texts[$0] } }
    placeholders = Placeholder.allCases.filter { placeholder in
      texts.contains { $0.placeholders.contains(placeholder) }
    }
    needs = PlaceholderNeeds(placeholders, goals: true)
    needsWithoutGoals = PlaceholderNeeds(placeholders, goals: false)
  }
}

/// The texts of one `[format]` table; nil: not set there.
public struct FormatTexts: Equatable, Sendable {
  public var full: FormatTemplate?
  public var short: FormatTemplate?
  public var tooltip: FormatTemplate?

  public init(full: FormatTemplate? = nil, short: FormatTemplate? = nil, tooltip: FormatTemplate? = nil) {
    self.full = full
    self.short = short
    self.tooltip = tooltip
  }

  public subscript(kind: FormatKind) -> FormatTemplate? {
    get {
      switch kind {
      case .full: return full
      case .short: return short
      case .tooltip: return tooltip
      }
    }
    set {
      switch kind {
      case .full: full = newValue
      case .short: short = newValue
      case .tooltip: tooltip = newValue
      }
    }
  }
}

/// The keys of a `[format]` table.
public enum FormatKind: String, CaseIterable, Sendable {
  case full
  case short
  case tooltip

  var index: Int {
    switch self {
    case .full: return 0
    case .short: return 1
    case .tooltip: return 2
    }
  }
}

/// The per-phase `[format.NAME]` tables.
public enum FormatSlot: String, CaseIterable, Sendable {
  case idle
  case focus
  case shortBreak = "short-break"
  case longBreak = "long-break"
  case paused
  case focusDone = "focus-done"

  var index: Int {
    switch self {
    case .idle: return 0
    case .focus: return 1
    case .shortBreak: return 2
    case .longBreak: return 3
    case .paused: return 4
    case .focusDone: return 5
    }
  }

  /// The table for a view's phase (a paused phase also looks in `paused` first).
  init(_ phase: ViewModel.Phase) {
    switch phase {
    case .idle: self = .idle
    case .focus: self = .focus
    case .focusDone: self = .focusDone
    case .shortBreak: self = .shortBreak
    case .longBreak: self = .longBreak
    }
  }
}
