/// A mouse button as the i3bar protocol numbers it (X11's numbers), decoded once from a
/// click (`ClickEvent`), i3blocks' `BLOCK_BUTTON` or swaybar's event code.
public enum MouseButton: Int, CaseIterable, Sendable {
  case left = 1
  case middle, right, scrollUp, scrollDown, scrollLeft, scrollRight, back, forward

  /// Its key in `[clicks]`; nil for the buttons pomobar gives no action.
  public var clickKey: String? {
    switch self {
    case .left: return "left"
    case .middle: return "middle"
    case .right: return "right"
    case .scrollUp: return "scroll-up"
    case .scrollDown: return "scroll-down"
    case .scrollLeft, .scrollRight, .back, .forward: return nil
    }
  }

  /// The button swaybar reports for a Linux input event code, as sway's
  /// `event_to_x11_button` maps them (swaybar/input.c); nil for codes it doesn't know.
  public init?(eventCode code: Int) {
    switch code {
    case 272: self = .left  // BTN_LEFT
    case 274: self = .middle  // BTN_MIDDLE
    case 273: self = .right  // BTN_RIGHT
    case 768: self = .scrollUp  // SWAY_SCROLL_UP (KEY_MAX + 1)
    case 769: self = .scrollDown  // SWAY_SCROLL_DOWN
    case 770: self = .scrollLeft  // SWAY_SCROLL_LEFT
    case 771: self = .scrollRight  // SWAY_SCROLL_RIGHT
    case 275: self = .back  // BTN_SIDE
    case 276: self = .forward  // BTN_EXTRA
    default: return nil
    }
  }
}
