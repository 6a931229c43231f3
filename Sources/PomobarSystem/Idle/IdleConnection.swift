/// A display server's socket as the idle watchers speak over it (`X11IdleWatcher`,
/// `WaylandIdleWatcher`): during their setup each answer is waited for at most
/// `answerTimeout`, so a server that does not answer costs a bar start a bounded moment and
/// a warning, never a hang; afterwards what came is read when epoll says so. Every failure
/// is said in the server's name, and the socket is closed when the connection goes away,
/// a setup that failed included.
final class IdleConnection {
  let descriptor: FileDescriptor
  /// Who is at the other end, for what is said: "the X display :1", "the Wayland compositor".
  let peer: String
  /// What came and is not taken out yet.
  var buffer: [UInt8] = []

  /// How long a step of a setup may wait for the server's answer, in milliseconds.
  static let answerTimeout: Int32 = 2000

  /// Connects to the socket at `path`; with `abstractFirst`, to that name in the abstract
  /// namespace if it answers there (X servers listen in both).
  init(_ path: String, abstractFirst: Bool = false, peer: String) throws(IdleWatch.Problem) {
    self.peer = peer
    let abstract = abstractFirst ? try? UnixSocket.connect(path, abstract: true) : nil
    do {
      descriptor = try abstract ?? UnixSocket.connect(path)
    } catch {
      throw IdleWatch.Problem("cannot reach \(peer): \(error)")
    }
  }

  deinit { descriptor.close() }

  func send(_ bytes: [UInt8]) throws(IdleWatch.Problem) {
    do { try descriptor.write(bytes) } catch { throw IdleWatch.Problem("cannot speak to \(peer): \(error)") }
  }

  /// More of the server's answer into `buffer`, waited for at most `answerTimeout`.
  func awaitAnswer() throws(IdleWatch.Problem) {
    switch descriptor.receive(into: &buffer, waiting: Self.answerTimeout) {
    case .more: return
    case .timedOut: throw IdleWatch.Problem("\(peer) does not answer")
    case .closed: throw IdleWatch.Problem("\(peer) closed the connection")
    }
  }

  /// All there is to read now into `buffer` (when the descriptor is readable); throws when
  /// the server went away.
  func drain() throws(IdleWatch.Problem) {
    let open: Bool
    do { open = try descriptor.drain(into: &buffer) } catch {
      throw IdleWatch.Problem("the connection to \(peer) failed: \(error)")
    }
    guard open else { throw IdleWatch.Problem("\(peer) closed the connection") }
  }
}
