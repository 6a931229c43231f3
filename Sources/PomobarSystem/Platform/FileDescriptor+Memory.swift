import CLinux

#if canImport(Glibc)
  import Glibc
#endif

extension FileDescriptor {
  /// A file in memory holding `bytes`, read from its start: a child's stdin that never
  /// blocks the writer, however much it holds and however slowly the child reads.
  static func memory(_ bytes: [UInt8]) throws(SystemError) -> FileDescriptor {
    let fd = pomobar_memfd()
    if fd < 0 { throw SystemError("memfd_create", errno: errno) }
    let file = FileDescriptor(rawValue: fd)
    do {
      try file.write(bytes)
    } catch {
      file.close()
      throw error
    }
    lseek(fd, 0, SEEK_SET)
    return file
  }
}
