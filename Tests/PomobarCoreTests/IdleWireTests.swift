import Testing

@testable import PomobarCore

/// The X11 and Wayland messages of idle detection, byte for byte, and the server's answers
/// however they are cut into reads.
@Suite struct IdleWireTests {
  @Test func theSetupCarriesTheCookiePaddedToWords() {
    let setup = X11Wire.setup(authName: Array("MIT-MAGIC-COOKIE-1".utf8), authData: Array(repeating: 7, count: 16))
    #expect(Array(setup.prefix(12)) == [0x6C, 0, 11, 0, 0, 0, 18, 0, 16, 0, 0, 0])
    #expect(setup.count == 12 + 20 + 16)
    #expect(Array(setup[12..<30]) == Array("MIT-MAGIC-COOKIE-1".utf8))
    #expect(setup[30] == 0 && setup[31] == 0)
  }

  @Test func aRefusedSetupSaysWhy() {
    let reason = Array("No protocol specified".utf8)
    var reply: [UInt8] = [0, UInt8(reason.count), 11, 0, 0, 0, 6, 0]
    reply += reason + [0, 0, 0]
    #expect(X11Wire.setupLength(reply[...]) == 8 + 24)
    #expect(X11Wire.setupReply(reply[...]) == .refused("No protocol specified"))
  }

  /// Two replies in one read: the second is kept for the next call, not dropped (the bar
  /// waited 2 s for a reply it had thrown away).
  @Test func messagesAreTakenOneByOneWhateverTheReadsHold() {
    func reply(_ sequence: UInt16, extraWords: UInt32) -> [UInt8] {
      var bytes: [UInt8] = [1, 0, UInt8(sequence), 0]
      bytes.put32(extraWords)
      return bytes + Array(repeating: 0, count: 24 + Int(extraWords) * 4)
    }
    var buffer = reply(2, extraWords: 0) + reply(3, extraWords: 2)
    let held = buffer
    guard case .reply(2, let first)? = X11Wire.next(&buffer) else {
      Issue.record("no first reply")
      return
    }
    #expect(first.count == 32)
    guard case .reply(3, let second)? = X11Wire.next(&buffer) else {
      Issue.record("the second reply was lost")
      return
    }
    #expect(second.count == 40)
    #expect(buffer.isEmpty)
    // Cut anywhere, nothing is read before it is whole.
    for cut in 0..<held.count {
      var part = Array(held[..<cut])
      let early = X11Wire.messages(&part)
      part += held[cut...]
      #expect(early.count + X11Wire.messages(&part).count == 2, "cut at \(cut)")
    }
  }

  @Test func theIdleCounterIsFoundAmongTheSystemCounters() {
    var body: [UInt8] = []
    for (id, name) in [(UInt32(0x40), "SERVERTIME"), (0x41, "IDLETIME"), (0x42, "DEVICEIDLETIME 2")] {
      body.put32(id)
      body += [0, 0, 0, 0, 1, 0, 0, 0]
      body.put16(UInt16(name.utf8.count))
      // The entry (14 bytes and the name) padded to 4.
      let entry = Array(name.utf8)
      body += entry + Array(repeating: 0, count: (4 - (14 + entry.count) % 4) % 4)
    }
    #expect(X11Wire.Sync.idleCounter(inCounters: body[...], count: 3) == 0x41)
    #expect(X11Wire.Sync.idleCounter(inCounters: body[...], count: 1) == nil)
    #expect(X11Wire.Sync.idleCounter(inCounters: body.prefix(10), count: 3) == nil, "a short list is no crash")
  }

  @Test func anAlarmNotifySaysWhichAlarmAndTheCounter() {
    var event: [UInt8] = [0x5B, 1, 9, 0]
    event.put32(0x0020_0001)
    event.put32(0)
    event.put32(300_042)
    event += Array(repeating: 0, count: 32 - event.count)
    #expect(X11Wire.alarmNotify(event)?.alarm == 0x0020_0001)
    #expect(X11Wire.alarmNotify(event)?.counter == 300_042)
  }

  @Test(arguments: [
    (":0", 0), (":1.0", 1), ("unix:12", 12), ("/tmp/.X11-unix/X3", 3), ("/private/tmp/com.x/org.xquartz:0", nil),
    ("host:0", nil), (":", nil), ("", nil),
  ] as [(String, Int?)])
  func displayNames(_ name: String, _ number: Int?) {
    #expect((try? X11Display.parse(name).get())?.number == number)
  }

  @Test func theAuthorityEntryForThisDisplayAndHostIsChosen() {
    func entry(_ family: UInt16, _ address: String, _ number: String, _ data: [UInt8]) -> [UInt8] {
      var out: [UInt8] = [UInt8(family >> 8), UInt8(family & 0xFF)]
      for field in [Array(address.utf8), Array(number.utf8), Array("MIT-MAGIC-COOKIE-1".utf8), data] {
        out += [UInt8(field.count >> 8), UInt8(field.count & 0xFF)] + field
      }
      return out
    }
    let file = entry(256, "other", "0", [1]) + entry(256, "desk", "1", [2]) + entry(256, "desk", "0", [3])
      + entry(65535, "", "", [4])
    #expect(X11Display(number: 0).authorization(in: file, hostname: "desk").data == [3])
    #expect(X11Display(number: 5).authorization(in: file, hostname: "desk").data == [4], "a wild entry")
    #expect(X11Display(number: 0).authorization(in: Array(file.prefix(7)), hostname: "desk").data.isEmpty)
  }

  @Test func waylandRequestsAreHeaderSizeAndWords() {
    let bind = WaylandWire.bind(registry: 2, name: 9, interface: "wl_seat", version: 1, id: 4)
    // id 2, size 8 + 4 + (4 + 8) + 4 + 4 = 32 with opcode 0.
    #expect(Array(bind.prefix(8)) == [2, 0, 0, 0, 0, 0, 32, 0])
    #expect(Array(bind[12..<16]) == [8, 0, 0, 0], "the string's length counts its NUL")
    #expect(Array(bind[16..<24]) == Array("wl_seat\0".utf8))
    let kde = WaylandWire.IdleProtocol.kde.timer(notifier: 5, id: 6, seat: 4, milliseconds: 300_000)
    #expect(Array(kde[8..<20]) == [6, 0, 0, 0, 4, 0, 0, 0, 0xE0, 0x93, 0x04, 0], "id, seat, timeout")
    let standard = WaylandWire.IdleProtocol.standard.timer(notifier: 5, id: 6, seat: 4, milliseconds: 300_000)
    #expect(standard[4] == 1, "opcode 1: get_idle_notification")
    #expect(Array(standard[8..<20]) == [6, 0, 0, 0, 0xE0, 0x93, 0x04, 0, 4, 0, 0, 0], "id, timeout, seat")
  }

  @Test func waylandEventsAreReadWholeAndGlobalsNamed() {
    var global = WaylandWire.request(2, 0, WaylandWire.arguments([.uint(7), .string("org_kde_kwin_idle"), .uint(1)]))
    let idle = WaylandWire.request(6, 0)
    var buffer = global + idle + Array(idle.prefix(5))
    let events = WaylandWire.events(&buffer)
    #expect(events.count == 2)
    #expect(events[0].global?.interface == "org_kde_kwin_idle")
    #expect(events[0].global?.name == 7 && events[0].global?.version == 1)
    #expect(events[1].object == 6 && events[1].opcode == 0)
    #expect(buffer.count == 5, "the incomplete third waits")
    (global[6], global[7]) = (3, 0)  // a size below the header: the stream cannot be read on
    var broken = global
    #expect(WaylandWire.events(&broken).isEmpty && broken.isEmpty)
  }
}
