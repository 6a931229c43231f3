/// One mouse click on a block, as i3bar or swaybar reports it on the status command's stdin.
///
/// Carries the union of both bars' fields (swaybar-protocol(7), "CLICK EVENTS"): i3bar 4.22
/// sends `modifiers` and `output_x`/`output_y`; swaybar 1.7 sends `event` and `scale` instead.
/// Fields a bar did not send are nil (or empty, for `modifiers`).
public struct ClickEvent: Equatable, Sendable {
  /// The block's `name` and `instance` as we printed them; nil when the bar left them out.
  public var name: String?
  public var instance: String?
  /// The button; nil for a number no mouse button has (0: one swaybar could not map).
  public var button: MouseButton?
  /// i3bar only: held modifiers, e.g. `["Shift"]`, `["Control", "Mod1"]`.
  public var modifiers: [String]
  /// Pointer position on the screen, in the block, and on the output (i3bar only).
  public var x: Int?
  public var y: Int?
  public var relativeX: Int?
  public var relativeY: Int?
  public var outputX: Int?
  public var outputY: Int?
  /// The block's size in pixels.
  public var width: Int?
  public var height: Int?
  /// swaybar only: the Linux input event code (`BTN_LEFT` 272, ...; 768-771 for scrolling).
  public var event: Int?
  /// swaybar only: the output's scale factor.
  public var scale: Double?

  /// A click of the button the bar numbers `button` (X11's numbers: 1 left, 2 middle, 3
  /// right, 4/5 scroll up/down, 6/7 scroll left/right, 8/9 back/forward).
  public init(
    name: String? = nil, instance: String? = nil, button: Int, modifiers: [String] = [],
    x: Int? = nil, y: Int? = nil, relativeX: Int? = nil, relativeY: Int? = nil,
    outputX: Int? = nil, outputY: Int? = nil, width: Int? = nil, height: Int? = nil,
    event: Int? = nil, scale: Double? = nil
  ) {
    self.name = name
    self.instance = instance
    self.button = MouseButton(rawValue: button)
    self.modifiers = modifiers
    self.x = x
    self.y = y
    self.relativeX = relativeX
    self.relativeY = relativeY
    self.outputX = outputX
    self.outputY = outputY
    self.width = width
    self.height = height
    self.event = event
    self.scale = scale
  }

  /// Whether this click is for the block named `name`/`instance`: each field the bar sent
  /// must equal ours; a field it left out matches anything.
  public func matches(name: String, instance: String) -> Bool {
    (self.name.map { $0 == name } ?? true) && (self.instance.map { $0 == instance } ?? true)
  }
}

/// What the buttons do on the work clock's own i3bar block (`pomobar-work`).
public enum WorkClicks {
  /// The work block's name is the timer block's name with this after it.
  public static let nameSuffix = "-work"

  /// Left: start or stop the work clock; middle: no project; right and scroll up: the next
  /// project; scroll down: the previous one.
  public static func action(for button: MouseButton?) -> Action? {
    switch button {
    case .left: return .workToggle
    case .middle: return .project(nil)
    case .right, .scrollUp: return .projectNext
    case .scrollDown: return .projectPrevious
    case .scrollLeft, .scrollRight, .back, .forward, nil: return nil
    }
  }
}
