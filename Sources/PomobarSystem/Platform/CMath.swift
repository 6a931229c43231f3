#if canImport(Glibc)
  import Glibc
#endif

/// The C library's mathematics that Swift's standard library lacks.
public enum CMath {
  /// The corresponding C function is `log10`.
  public static func log10(_ x: Double) -> Double { Glibc.log10(x) }
}
