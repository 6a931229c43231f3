import Testing

@testable import PomobarCore

@Suite("Click events")
struct ClickEventTests {
  static func decode(_ text: String) throws -> ClickEvent {
    try ClickEvent(json: JSON.parse(text))
  }

  @Test func matchesWhenPresentFieldsEqualOurs() {
    #expect(
      ClickEvent(name: "pomobar", instance: "pomodoro", button: 1).matches(
        name: "pomobar", instance: "pomodoro"))
    #expect(ClickEvent(name: "pomobar", button: 1).matches(name: "pomobar", instance: "pomodoro"))
    #expect(ClickEvent(button: 1).matches(name: "pomobar", instance: "pomodoro"))
    #expect(!ClickEvent(name: "clock", button: 1).matches(name: "pomobar", instance: "pomodoro"))
    #expect(
      !ClickEvent(name: "pomobar", instance: "other", button: 1).matches(
        name: "pomobar", instance: "pomodoro"))
  }

  @Test(arguments: [
    (272, 1), (274, 2), (273, 3), (768, 4), (769, 5), (770, 6), (771, 7), (275, 8), (276, 9),
  ])
  func swaybarEventCodesMapToX11Buttons(code: Int, button: Int) throws {
    #expect(MouseButton(eventCode: code)?.rawValue == button)
    #expect(try Self.decode(#"{"event":\#(code)}"#).button?.rawValue == button, "button missing")
    #expect(try Self.decode(#"{"button":0,"event":\#(code)}"#).button?.rawValue == button, "button 0")
    #expect(try Self.decode(#"{"button":null,"event":\#(code)}"#).button?.rawValue == button, "button null")
  }

  @Test func anUnknownCodeLeavesButtonZero() throws {
    #expect(MouseButton(eventCode: 277) == nil)
    #expect(try Self.decode(#"{"button":0,"event":277}"#) == ClickEvent(button: 0, event: 277))
    #expect(throws: ClickDecodeError("click has no \"button\"")) { try Self.decode(#"{"event":277}"#) }
  }

  @Test func anExplicitButtonWinsOverTheEventCode() throws {
    #expect(try Self.decode(#"{"button":3,"event":272}"#).button == .right)
  }

  @Test func numbersMayBeDoublesAndAreRounded() throws {
    let event = try Self.decode(#"{"button":1.0,"x":10.5,"y":-2.5,"relative_x":3.49,"width":1e2,"scale":2}"#)
    #expect(event == ClickEvent(button: 1, x: 11, y: -3, relativeX: 3, width: 100, scale: 2))
  }

  @Test func routingFieldsMustHaveTheRightType() {
    #expect(throws: ClickDecodeError("click \"button\" is not a whole number")) {
      try Self.decode(#"{"button":1.5}"#)
    }
    #expect(throws: ClickDecodeError("click \"button\" is not a whole number")) {
      try Self.decode(#"{"button":1e30}"#)
    }
    #expect(throws: ClickDecodeError("click \"name\" is not a string")) {
      try Self.decode(#"{"button":1,"name":7}"#)
    }
    #expect(throws: ClickDecodeError("click \"instance\" is not a string")) {
      try Self.decode(#"{"button":1,"instance":["a"]}"#)
    }
    #expect(throws: ClickDecodeError("click is not a JSON object")) { try Self.decode("1") }
  }

  @Test func otherFieldsOfTheWrongTypeCountAsAbsent() throws {
    let event = try Self.decode(
      #"{"button":1,"name":null,"x":"12","y":1e300,"modifiers":["Shift",3,null],"scale":"2","event":"x"}"#)
    #expect(event == ClickEvent(button: 1, modifiers: ["Shift"]))
    #expect(try Self.decode(#"{"button":1,"modifiers":"Shift"}"#).modifiers == [])
  }

  @Test func unknownFieldsAreIgnored() throws {
    #expect(try Self.decode(#"{"button":2,"future_field":{"a":[1]}}"#) == ClickEvent(button: 2))
  }

  @Test func errorDescriptionIsOneReadableLine() {
    #expect(
      ClickDecodeError("click has no \"button\"").description == "ignoring click: click has no \"button\"")
    #expect(ClickDecodeError("x", excerpt: "{}").description == "ignoring click: x: {}")
  }
}
