import CNcursesw

/// Turns ncurses mouse reports into `MouseEvent`s, remembering the held button so that moves between a press
/// and its release become drags (ncurses reports them only as "position").
struct MouseDecoder {
    private(set) var heldButton: MouseButton?

    /// The mask asked of `mousemask`: presses and releases of three buttons, the wheel, and motion.
    static var mask: mmask_t {
        var mask = cn_report_mouse_position() | cn_button_pressed(4) | cn_button_pressed(5)
        for button in Int32(1)...3 { mask |= cn_button_pressed(button) | cn_button_released(button) }
        return mask
    }

    mutating func decode(state: mmask_t, x: Int32, y: Int32) -> MouseEvent? {
        let kind: MouseEvent.Kind
        if state & cn_button_pressed(4) != 0 {
            kind = .wheelUp
        } else if state & cn_button_pressed(5) != 0 {
            kind = .wheelDown
        } else if let (button, pressed) = Self.buttonChange(state) {
            kind = pressed ? .press(button) : .release(button)
            heldButton = pressed ? button : nil
        } else if state & cn_report_mouse_position() != 0, let held = heldButton {
            kind = .drag(held)
        } else {
            return nil
        }
        return MouseEvent(kind, x: Int(x), y: Int(y))
    }

    private static func buttonChange(_ state: mmask_t) -> (MouseButton, Bool)? {
        let buttons: [(Int32, MouseButton)] = [(1, .left), (2, .middle), (3, .right)]
        for (number, button) in buttons {
            if state & cn_button_pressed(number) != 0 { return (button, true) }
            if state & cn_button_released(number) != 0 { return (button, false) }
        }
        return nil
    }
}
