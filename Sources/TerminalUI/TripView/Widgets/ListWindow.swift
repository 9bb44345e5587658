/// Which rows of a long list a pane of `room` rows shows so that the selected one stays in view, near the middle
/// where it can be: the findings list and the event table scroll the same way.
enum ListWindow {
    /// The first row to show.
    static func first(selected: Int?, count: Int, room: Int) -> Int {
        max(0, min((selected ?? 0) - room / 2, count - room))
    }
}
