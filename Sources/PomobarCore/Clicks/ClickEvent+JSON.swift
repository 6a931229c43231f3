/// Reading a `ClickEvent` from the JSON object a bar writes for one click.
extension ClickEvent {
  /// Decodes one click object in either bar's field set (swaybar-protocol(7)).
  ///
  /// `button` is required, unless swaybar's `event` code names the button (then a missing or
  /// 0 `button` is taken from it). `name` and `instance`, which route the click, must be
  /// strings when present; the other fields are informative, so one of a wrong type is
  /// treated as absent rather than losing the click. Numbers may be integers or doubles
  /// (swaybar with `float_event_coords` sends doubles); doubles are rounded.
  public init(json: JSONValue) throws(ClickDecodeError) {
    guard json.objectValue != nil else { throw ClickDecodeError("click is not a JSON object") }
    let name = try Self.optionalString(json, "name")
    let instance = try Self.optionalString(json, "instance")
    let event = Self.roundedInt(json["event"])
    var button: Int
    switch json["button"] {
    case nil, .null?:
      guard let code = event, let mapped = MouseButton(eventCode: code) else {
        throw ClickDecodeError("click has no \"button\"")
      }
      button = mapped.rawValue
    case let value?:
      guard let number = value.int64Value, let exact = Int(exactly: number) else {
        throw ClickDecodeError("click \"button\" is not a whole number")
      }
      button = exact
    }
    if button == 0, let code = event, let mapped = MouseButton(eventCode: code) {
      button = mapped.rawValue
    }
    let modifiers = json["modifiers"]?.arrayValue?.compactMap(\.stringValue) ?? []
    self.init(
      name: name, instance: instance, button: button, modifiers: modifiers,
      x: Self.roundedInt(json["x"]), y: Self.roundedInt(json["y"]),
      relativeX: Self.roundedInt(json["relative_x"]), relativeY: Self.roundedInt(json["relative_y"]),
      outputX: Self.roundedInt(json["output_x"]), outputY: Self.roundedInt(json["output_y"]),
      width: Self.roundedInt(json["width"]), height: Self.roundedInt(json["height"]),
      event: event, scale: json["scale"]?.doubleValue)
  }

  private static func optionalString(_ json: JSONValue, _ key: String) throws(ClickDecodeError) -> String? {
    switch json[key] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    case _?: throw ClickDecodeError("click \"\(key)\" is not a string")
    }
  }

  /// A number as the nearest `Int`; nil for anything else, or a number out of range.
  private static func roundedInt(_ value: JSONValue?) -> Int? {
    if case .integer(let integer)? = value { return Int(exactly: integer) }
    guard let number = value?.doubleValue, number.isFinite else { return nil }
    return Int(exactly: number.rounded())
  }
}
