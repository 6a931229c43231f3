// pomobar for Quickshell: the shared timer as a widget. Copy this file next to your
// shell.qml (see shell.qml here) and put `Pomobar {}` in a bar. Every widget, on every
// monitor, reads the same timer through `pomobar watch`; clicks go back through
// `pomobar ctl`.
//
// `pomobar watch` prints one JSON object per change (docs/watch.md): the widget counts a
// running phase down by itself from `deadline` (a Flowtime focus up from `started`), so
// it redraws once a second only while a phase runs, and pomobar itself stays asleep.
import QtQuick
import Quickshell
import Quickshell.Io

Text {
    id: root

    /// The command that runs pomobar (a full path if it is not on the shell's PATH).
    property string pomobar: "pomobar"
    /// The ring's glyphs, from empty to full (pomobar's `braille` set).
    property var ring: ["⠀", "⠁", "⠃", "⠇", "⡇", "⣇", "⣧", "⣷", "⣿"]

    /// The last line of `pomobar watch`, parsed; null until the first one.
    property var timer: null
    /// Now, in Unix milliseconds: moved on by the clock below while a phase runs.
    property real now: Date.now()

    /// A focus that counts up (Flowtime), running or paused: `!=` also for lines from a
    /// pomobar without the field.
    readonly property bool countsUp: timer !== null && timer.elapsed != null
    /// Seconds so far of a focus that counts up: counted from `started` while it runs.
    readonly property int elapsed: {
        if (!countsUp)
            return 0;
        if (timer.started == null)
            return timer.elapsed;
        return Math.max(0, Math.floor((now - timer.started) / 1000));
    }
    /// The instant the second grid is counted on: the deadline, or a counting-up start.
    readonly property var grid: timer === null ? null : timer.deadline !== null ? timer.deadline
        : timer.started != null ? timer.started : null

    readonly property int remaining: {
        if (!timer)
            return 0;
        if (timer.deadline === null)
            return timer.remaining;
        return Math.max(0, Math.ceil((timer.deadline - now) / 1000));
    }
    readonly property string glyph: {
        if (!timer)
            return "";
        if (timer.phase === "focus-done")
            return "✓";
        if (countsUp)
            return "↑";
        const fraction = timer.total > 0 ? remaining / timer.total : 0;
        if (fraction <= 0)
            return ring[0];
        return ring[Math.max(1, Math.min(ring.length - 1, Math.ceil(fraction * (ring.length - 1))))];
    }

    /// `24:13`, or `1:02:03` from one hour on.
    function clock(seconds) {
        const hours = Math.floor(seconds / 3600);
        const minutes = Math.floor(seconds % 3600 / 60);
        const rest = ":" + String(seconds % 60).padStart(2, "0");
        return hours > 0 ? hours + ":" + String(minutes).padStart(2, "0") + rest : minutes + rest;
    }

    function ctl(words) {
        Quickshell.execDetached([root.pomobar, "ctl"].concat(words));
    }

    text: {
        if (!timer)
            return "…";
        const warning = timer.problem !== null ? " ⚠" : "";
        if (timer.phase === "focus-done")
            return glyph + " done" + warning;
        return glyph + " " + clock(countsUp ? elapsed : remaining) + (timer.paused ? " ⏸" : "") + warning;
    }
    color: timer ? timer.color : "#8B8D98"
    font.bold: timer !== null && timer.urgent

    Process {
        id: watch
        command: [root.pomobar, "watch"]
        running: true
        stdout: SplitParser {
            onRead: data => {
                try {
                    root.timer = JSON.parse(data);
                    root.now = Date.now();
                } catch (error) {
                    console.warn("pomobar watch: " + error);
                }
            }
        }
        // pomobar missing, or killed: try again in a few seconds.
        onExited: restart.start()
    }

    Timer {
        id: restart
        interval: 5000
        onTriggered: watch.running = true
    }

    // One tick a second, on the deadline's (or the start's) second grid, only while a
    // phase runs.
    Timer {
        interval: root.grid !== null
            ? Math.max(1, ((root.grid - root.now) % 1000 + 1000) % 1000 || 1000) : 1000
        running: root.grid !== null
        repeat: true
        onTriggered: root.now = Date.now()
    }

    MouseArea {
        anchors.fill: parent
        acceptedButtons: Qt.LeftButton | Qt.RightButton | Qt.MiddleButton
        onClicked: mouse => {
            if (mouse.button === Qt.LeftButton)
                root.ctl(["toggle"]);
            else if (mouse.button === Qt.RightButton)
                root.ctl(["skip"]);
            else
                root.ctl(["stop"]);
        }
        onWheel: wheel => root.ctl([wheel.angleDelta.y > 0 ? "extend" : "shorten"])
    }
}
