// A stand-in for Quickshell's singleton (not in Debian): it records the commands the
// widget would run, for tst_pomobar.qml.
pragma Singleton
import QtQml

QtObject {
    property var executed: []
    function execDetached(command) {
        executed = executed.concat([command]);
    }
}
