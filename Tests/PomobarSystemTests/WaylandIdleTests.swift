import Foundation
import Testing

@testable import PomobarSystem

#if canImport(Glibc)
  import Glibc
#endif

/// A Wayland compositor played from a script, on a socket in a private folder: it answers
/// the watcher's requests with the messages it is given, and keeps what the watcher sent.
///
/// sway 1.7 (what the end-to-end suite runs) offers only `org_kde_kwin_idle`; this peer
/// offers `ext_idle_notifier_v1` too, so the standard protocol's path is tested against
/// bytes written out here by hand, not made by `WaylandWire`.
final class ScriptedCompositor: @unchecked Sendable {
  let folder: String
  var socketPath: String { folder + "/wayland-test" }
  private let listener: Int32
  private var client: Int32 = -1
  /// What the watcher sent, in order.
  private(set) var received: [UInt8] = []

  init() throws {
    var template = Array("/tmp/pomobar-wayland-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw HarnessError("mkdtemp failed") }
    folder = String(cString: made)
    listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let path = Array((folder + "/wayland-test").utf8)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.enumerated() { raw[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0, listen(listener, 1) == 0 else { throw HarnessError("bind/listen: errno \(errno)") }
  }

  deinit {
    if client >= 0 { close(client) }
    close(listener)
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Plays `script` on another thread: for each step, reads exactly `expect` bytes from
  /// the watcher, then writes `answer`. Returns a semaphore signalled when done.
  func play(_ script: [(expect: Int, answer: [UInt8])]) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread { [self] in
      client = accept(listener, nil, nil)
      for step in script {
        var wanted = step.expect
        while wanted > 0 {
          var chunk = [UInt8](repeating: 0, count: wanted)
          let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, wanted, 0) }
          guard count > 0 else { break }
          received += chunk.prefix(count)
          wanted -= count
        }
        send(step.answer)
      }
      done.signal()
    }
    return done
  }

  /// Writes `bytes` to the watcher (as the compositor's events).
  func send(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    _ = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }

  /// Closes the connection, as a compositor that exits.
  func hangUp() { shutdown(client, Int32(SHUT_RDWR)) }

  // MARK: - Messages, written out by hand

  static func word(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }

  static func string(_ text: String) -> [UInt8] {
    let bytes = Array(text.utf8) + [0]
    return word(UInt32(bytes.count)) + bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
  }

  /// A message: the object, the size (header included) over the opcode, the arguments.
  static func message(_ object: UInt32, _ opcode: UInt32, _ arguments: [UInt8] = []) -> [UInt8] {
    word(object) + word(UInt32(8 + arguments.count) << 16 | opcode) + arguments
  }

  /// `wl_registry.global` (registry 2).
  static func global(_ name: UInt32, _ interface: String, version: UInt32) -> [UInt8] {
    message(2, 0, word(name) + string(interface) + word(version))
  }

  /// `wl_callback.done`.
  static func done(_ callback: UInt32) -> [UInt8] { message(callback, 0, word(0)) }
}

/// The Wayland watcher against a scripted compositor: its requests byte for byte, and
/// the compositor's `idled` and `resumed` as idle changes.
@Suite("Wayland idle, ext-idle-notify-v1", .serialized)
struct WaylandIdleTests {
  typealias Peer = ScriptedCompositor

  /// `wl_display.get_registry(2)` then `wl_display.sync(3)`.
  static let hello: [UInt8] =
    [1, 0, 0, 0, 1, 0, 12, 0, 2, 0, 0, 0]  // display 1, opcode 1, size 12: registry 2
    + [1, 0, 0, 0, 0, 0, 12, 0, 3, 0, 0, 0]  // display 1, opcode 0, size 12: callback 3

  /// The globals of a compositor that offers both idle protocols, after others.
  static let globals =
    Peer.global(1, "wl_compositor", version: 5) + Peer.global(2, "wl_seat", version: 8)
    + Peer.global(3, "org_kde_kwin_idle", version: 1) + Peer.global(4, "ext_idle_notifier_v1", version: 1)
    + Peer.done(3)

  /// What the watcher must ask for next, a 1500 ms timer on the standard protocol.
  static let requests: [UInt8] =
    // wl_registry.bind(2, "wl_seat", 1, id 4): registry 2, opcode 0, size 32
    [2, 0, 0, 0, 0, 0, 32, 0, 2, 0, 0, 0, 8, 0, 0, 0] + Array("wl_seat".utf8) + [0]
    + [1, 0, 0, 0, 4, 0, 0, 0]
    // wl_registry.bind(4, "ext_idle_notifier_v1", 1, id 5): size 48, the name padded to 24
    + [2, 0, 0, 0, 0, 0, 48, 0, 4, 0, 0, 0, 21, 0, 0, 0] + Array("ext_idle_notifier_v1".utf8) + [0, 0, 0, 0]
    + [1, 0, 0, 0, 5, 0, 0, 0]
    // ext_idle_notifier_v1.get_idle_notification(id 6, 1500 ms, seat 4): object 5, opcode 1
    + [5, 0, 0, 0, 1, 0, 20, 0, 6, 0, 0, 0, 0xDC, 0x05, 0, 0, 4, 0, 0, 0]
    // wl_display.sync(7)
    + [1, 0, 0, 0, 0, 0, 12, 0, 7, 0, 0, 0]

  func environment(_ peer: Peer) -> Environment {
    let path = peer.socketPath
    return Environment { $0 == "WAYLAND_DISPLAY" ? path : nil }
  }

  @Test func theStandardProtocolIsChosenAndItsEventsAreIdleAndBack() throws {
    let peer = try Peer()
    let played = peer.play([(Self.hello.count, Self.globals), (Self.requests.count, Peer.done(7))])
    let watcher = try WaylandIdleWatcher(environment: environment(peer), threshold: .milliseconds(1500))
    #expect(played.wait(timeout: .now() + 5) == .success)
    #expect(watcher.idleProtocol == .standard)
    #expect(peer.received == Self.hello + Self.requests)
    #expect(watcher.idleAtStart == nil, "a compositor's timer says nothing of before")

    // ext_idle_notification_v1.idled (object 6, opcode 0), cut in two reads.
    let idled = Peer.message(6, 0)
    peer.send(Array(idled.prefix(5)))
    #expect(try watcher.descriptor.waitReadable(milliseconds: 3000))
    #expect(try watcher.read() == [])
    peer.send(Array(idled.dropFirst(5)))
    #expect(try watcher.descriptor.waitReadable(milliseconds: 3000))
    #expect(try watcher.read() == [.idle(milliseconds: nil)])

    // resumed (opcode 1), after an event for another object (the seat's capabilities:
    // pointer and keyboard) in the same read.
    peer.send(Peer.message(4, 0, Peer.word(3)) + Peer.message(6, 1))
    #expect(try watcher.descriptor.waitReadable(milliseconds: 3000))
    #expect(try watcher.read() == [.active])
  }

  @Test func aCompositorWithNoIdleProtocolIsSaid() throws {
    let peer = try Peer()
    let played = peer.play([(Self.hello.count, Peer.global(2, "wl_seat", version: 8) + Peer.done(3))])
    #expect {
      _ = try WaylandIdleWatcher(environment: environment(peer), threshold: .seconds(1))
    } throws: { error in
      "\(error)".contains("offers no idle protocol (ext_idle_notifier_v1 or org_kde_kwin_idle)")
    }
    #expect(played.wait(timeout: .now() + 5) == .success)
  }

  /// A protocol error (here for the timer) comes as `wl_display.error` before the sync's
  /// `done`: the watch is refused with the compositor's words.
  @Test func aRefusalIsSaidWithTheCompositorsMessage() throws {
    let peer = try Peer()
    let error = Peer.message(1, 0, Peer.word(5) + Peer.word(0) + Peer.string("bad seat"))
    let played = peer.play([(Self.hello.count, Self.globals), (Self.requests.count, error)])
    #expect {
      _ = try WaylandIdleWatcher(environment: environment(peer), threshold: .milliseconds(1500))
    } throws: { error in
      "\(error)" == "the Wayland compositor refused: object 5, code 0: bad seat"
    }
    #expect(played.wait(timeout: .now() + 5) == .success)
  }

  /// The compositor going away is an error the loop can show, not an empty read.
  @Test func aClosedConnectionIsAnError() throws {
    let peer = try Peer()
    let played = peer.play([(Self.hello.count, Self.globals), (Self.requests.count, Peer.done(7))])
    let watcher = try WaylandIdleWatcher(environment: environment(peer), threshold: .milliseconds(1500))
    #expect(played.wait(timeout: .now() + 5) == .success)
    peer.hangUp()
    #expect(try watcher.descriptor.waitReadable(milliseconds: 3000))
    #expect(throws: WaylandIdleWatcher.Problem.self) { _ = try watcher.read() }
  }
}
