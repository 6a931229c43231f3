import PomobarCore
import Testing

@testable import PomobarSystem

#if canImport(Glibc)
  import Glibc
#endif

@Suite("--wrap units")
struct WrapUnitTests {
  @Test("a simple command is exec'd by the shell; lists, pipes and assignments are left as written")
  func shellLine() {
    #expect(WrappedCommand.shellLine("i3status") == "exec i3status")
    #expect(
      WrappedCommand.shellLine("i3status -c ~/.config/i3status/config")
        == "exec i3status -c ~/.config/i3status/config")
    #expect(WrappedCommand.shellLine("i3status | my-filter") == "i3status | my-filter")
    #expect(WrappedCommand.shellLine("sleep 1; i3status") == "sleep 1; i3status")
    #expect(WrappedCommand.shellLine("LANG=C i3status") == "LANG=C i3status")
    #expect(WrappedCommand.shellLine("exec i3status") == "exec i3status")
    #expect(WrappedCommand.shellLine("i3status 'unclosed") == "i3status 'unclosed")
  }

  @Test("exit statuses read as a person would")
  func describe() {
    #expect(WrappedCommand.describe(ExitStatus(waitStatus: 1 << 8)) == "exited with status 1")
    #expect(
      WrappedCommand.describe(ExitStatus(waitStatus: 127 << 8))
        == "exited with status 127 (command not found)")
    #expect(
      WrappedCommand.describe(ExitStatus(waitStatus: 126 << 8)) == "exited with status 126 (not executable)")
    #expect(WrappedCommand.describe(ExitStatus(waitStatus: SIGKILL)) == "killed by signal 9")
  }

  @Test("the restart pause doubles from 1 s to 30 s")
  func backoff() {
    var backoff = Backoff(first: 1_000_000_000, longest: WrappedCommand.longestPause)
    var waits: [Int64] = []
    for _ in 0..<7 {
      backoff.failed(at: 0)
      waits.append((backoff.wait(now: 0) + 500_000_000) / 1_000_000_000)
    }
    #expect(waits == [1, 2, 4, 8, 16, 30, 30])
  }
}
