import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// Searches bytes with the C library's tuned `memchr` and `memmem`: on a long history the
/// generic searches were the read path's largest cost.
public enum ByteSearch {
  /// The offset of the first `byte` in `buffer` at or after `from`.
  public static func first(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
    guard let base = buffer.baseAddress, from < buffer.count,
      let found = memchr(base + from, Int32(byte), buffer.count - from)
    else { return nil }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  }

  /// The offset of the first `needle` in `buffer` at or after `from`.
  public static func first(_ needle: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
    guard let base = buffer.baseAddress, from < buffer.count else { return nil }
    let found = needle.withUnsafeBytes {
      pomobar_memmem(base + from, buffer.count - from, $0.baseAddress, needle.count)
    }
    return found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) }
  }
}
