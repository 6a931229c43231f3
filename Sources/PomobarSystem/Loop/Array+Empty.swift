extension Array {
  /// Removes every element and keeps the room, as `removeAll(keepingCapacity: true)`
  /// does, one element at a time from the end. The loop's arrays (a wake-up's events,
  /// the session's actions, epoll's ready list) hold one or two elements a tick, and
  /// `removeAll` goes through `replaceSubrange`: a `memmove` of the empty tail, called
  /// through the C library's indirect jump, two more pages a tick (docs/benchmarks.md).
  mutating func empty() {
    while popLast() != nil {}
  }
}
