// contrib/quickshell/Pomobar.qml run under qmltestrunner, with stand-ins for Quickshell's
// types (in Quickshell/ here): the widget is fed real lines of `pomobar watch`, written
// by Tests/e2e/cases/shell-snippets.sh into lines.js, and its text and its clock are
// checked as time moves.
import QtQuick
import QtTest
import Quickshell
import "lines.js" as Lines

TestCase {
    name: "Pomobar"
    // Shown, so that the clicks reach the widget's MouseArea.
    when: windowShown
    visible: true
    width: 200
    height: 40

    Component {
        id: widget
        Pomobar {}
    }

    // The widget's non-visual parts: the `pomobar watch` process and the second clock.
    function part(item, test) {
        for (let i = 0; i < item.resources.length; i++)
            if (test(item.resources[i]))
                return item.resources[i];
        return null;
    }
    function fed(line) {
        const item = createTemporaryObject(widget, this);
        part(item, o => o.command !== undefined).stdout.read(line);
        return item;
    }
    function clockOf(item) {
        return part(item, o => o.repeat === true);
    }

    function test_countsDownFromTheDeadline() {
        const line = JSON.parse(Lines.countingDown);
        const item = fed(Lines.countingDown);
        item.now = line.deadline - line.total * 1000;
        compare(item.text, "⣿ 25:00");
        item.now = line.deadline - 61000;
        compare(item.text, "⠁ 1:01");
        verify(clockOf(item).running);
    }

    function test_countsAFlowtimeFocusUpFromItsStart() {
        const line = JSON.parse(Lines.countingUp);
        const item = fed(Lines.countingUp);
        item.now = line.started + 754000;
        compare(item.text, "↑ 12:34");
        item.now = line.started + 3723000;
        compare(item.text, "↑ 1:02:03");
        item.now = line.started + 250;
        compare(item.text, "↑ 0:00");
        const clock = clockOf(item);
        verify(clock.running);
        compare(clock.interval, 750, "the next tick falls on the start's second grid");
    }

    function test_aPausedCountHoldsStillAndTheClockStops() {
        const line = JSON.parse(Lines.paused);
        const item = fed(Lines.paused);
        item.now = line.at;
        const shown = item.text;
        verify(/^↑ 0:[0-5][0-9] ⏸$/.test(shown), shown);
        item.now = line.at + 60000;
        compare(item.text, shown);
        verify(!clockOf(item).running);
    }

    function test_clicksAndTheWheelRunPomobarCtl() {
        const item = fed(Lines.paused);
        const before = Quickshell.executed.length;
        mouseClick(item, 2, 2, Qt.LeftButton);
        mouseClick(item, 2, 2, Qt.RightButton);
        mouseClick(item, 2, 2, Qt.MiddleButton);
        mouseWheel(item, 2, 2, 0, 120);
        mouseWheel(item, 2, 2, 0, -120);
        compare(Quickshell.executed.slice(before).map(c => c.join(" ")), [
            "pomobar ctl toggle", "pomobar ctl skip", "pomobar ctl stop", "pomobar ctl extend",
            "pomobar ctl shorten"]);
    }
}
