// A stand-in for Quickshell.Io's Process: runs nothing; the test feeds its parser lines.
import QtQml

QtObject {
    property var command: []
    property bool running: false
    property var stdout: null
    signal exited
}
