import PomobarCore
import Testing

/// Mouse buttons as one type from the protocol's number to the `[clicks]` rows.
@Suite("Mouse buttons")
struct MouseButtonTests {
  @Test("a click's number is decoded once; [clicks] maps the five buttons with a key")
  func clickMapRows() {
    #expect(ClickEvent(button: 3).button == .right)
    #expect(ClickEvent(button: 0).button == nil && ClickEvent(button: 10).button == nil)
    #expect(
      ClickMap.buttons.compactMap(\.clickKey) == ["left", "middle", "right", "scroll-up", "scroll-down"])
    var map = ClickMap()
    map[.scrollUp] = .startBreak
    #expect(map.scrollUp == .startBreak && map.action(for: .scrollUp) == .startBreak)
    map[.back] = .reset
    #expect(
      map
        == {
          var same = ClickMap()
          same.scrollUp = .startBreak
          return same
        }(), "no key, no action")
    #expect(map.action(for: .back) == nil && map.action(for: nil) == nil)
    #expect(WorkClicks.action(for: .right) == .projectNext && WorkClicks.action(for: .scrollLeft) == nil)
  }
}
