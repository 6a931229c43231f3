// A stand-in for Quickshell.Io's SplitParser: the test emits `read` with real lines.
import QtQml

QtObject {
    signal read(string data)
}
