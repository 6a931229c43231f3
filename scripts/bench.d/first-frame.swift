// A floor for "exec -> first frame": first-frame.c's work, in Swift, built as pomobar is
// (swiftc -O -static-executable): what the Swift runtime's own start-up adds to glibc's
// (its static initializers, the command line read from the stack, the first metadata).
// scripts/bench starts it in turn with pomobar, i3status and first-frame.c.
#if canImport(Glibc)
  import Glibc
#endif

let name = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "floor"
print("{\"version\":1}\n[\n[{\"name\":\"\(name)\",\"full_text\":\"Ready 25:00\"}]")
fflush(stdout)
pause()
