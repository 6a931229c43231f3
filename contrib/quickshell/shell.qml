// A minimal Quickshell bar with pomobar on the right, one per screen:
// ~/.config/quickshell/shell.qml beside Pomobar.qml, then run `qs`.
import QtQuick
import Quickshell

ShellRoot {
    Variants {
        model: Quickshell.screens

        PanelWindow {
            required property var modelData
            screen: modelData
            anchors {
                bottom: true
                left: true
                right: true
            }
            implicitHeight: 28
            color: "#1C1917"

            Pomobar {
                anchors.right: parent.right
                anchors.rightMargin: 12
                anchors.verticalCenter: parent.verticalCenter
                font.pixelSize: 15
            }
        }
    }
}
