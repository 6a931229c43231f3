import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A failed bounded wait, with what was being waited for.
struct TimedOut: Error, CustomStringConvertible {
  var description: String
}

/// `CLOCK_BOOTTIME` in nanoseconds: the timeline pomobar keeps its deadlines on.
func boottimeNow() -> Int64 {
  var ts = timespec()
  clock_gettime(CLOCK_BOOTTIME, &ts)
  return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
}

/// The wall clock in milliseconds since the epoch, as `pomobar watch` writes its instants.
func wallMilliseconds() -> Int {
  var ts = timespec()
  clock_gettime(CLOCK_REALTIME, &ts)
  return Int(ts.tv_sec) * 1000 + Int(ts.tv_nsec) / 1_000_000
}

/// Seconds between two boottime readings.
func seconds(from start: Int64, to end: Int64) -> Double {
  Double(end - start) / 1e9
}

/// Sleeps without holding a thread of the test pool.
func pause(_ seconds: Double) async {
  try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1e9))
}

/// How many times longer than its stated bound a wait may take: the bounds say what a
/// quiet machine needs, and a machine running other builds on every core (CI beside the
/// suite's own thousand tests) can take several times that: at least 4 times, and twice
/// the machine's load per core when that is more (read as the wait begins), up to 30
/// times, so that a wait that will never end still ends the test. A wait ends
/// as soon as its condition holds, so the slack costs a passing test nothing; no test
/// passes by timing out.
func waitSlack() -> Double {
  let cores = Double(max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))
    .flatMap { $0.split(separator: " ").first }.flatMap { Double($0) } ?? 0
  return min(30, max(4, 2 * load / cores))
}

/// Polls `condition` every few milliseconds until it holds or `timeout` seconds (times
/// `waitSlack()`) pass.
///
/// Throws `TimedOut` with `what` and the last observation if it never held.
@discardableResult
func eventually<T>(
  _ what: @autoclosure () -> String, timeout: Double = 5, every interval: Double = 0.01,
  fileID: String = #fileID, line: Int = #line, _ condition: () throws -> T?
) async throws -> T {
  let slack = waitSlack()
  let deadline = boottimeNow() + Int64(timeout * slack * 1e9)
  while true {
    if let value = try condition() { return value }
    if boottimeNow() >= deadline {
      throw TimedOut(description: "\(fileID):\(line): timed out after \(timeout * slack) s waiting for \(what())")
    }
    await pause(interval)
  }
}

/// Polls `condition` for `duration` seconds and reports whether it ever held.
///
/// For "nothing happens for N seconds" checks.
func holdsAtSomePoint(within duration: Double, every interval: Double = 0.02, _ condition: () -> Bool) async
  -> Bool
{
  let deadline = boottimeNow() + Int64(duration * 1e9)
  while boottimeNow() < deadline {
    if condition() { return true }
    await pause(interval)
  }
  return condition()
}

/// Something in the test harness itself went wrong (a pipe, a file, a malformed output).
struct HarnessError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
