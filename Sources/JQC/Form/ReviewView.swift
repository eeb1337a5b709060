/// The review screen: the required fields still empty (Enter jumps to one), how to submit,
/// then the whole inspection as `inspect show` renders it.
enum ReviewView {
    static func render(_ editor: FormEditor, highlighted: Int, confirming: Bool, into canvas: inout FormCanvas) {
        let missing = editor.requiredLeft
        var y = 1
        if confirming {
            canvas.put(
                y, 0,
                "Submit this inspection? It is queued for the next sync and can no longer be edited. y submits, any other key goes back",
                .bold)
        } else if missing.isEmpty {
            canvas.put(y, 0, "Review — every required field is answered: x submits · Esc goes back to the form", .bold)
        } else {
            canvas.put(
                y, 0, "Review — required still empty (\(missing.count)): ↑↓ choose · Enter jumps to it · Esc back to the form", .bold)
        }
        y += 1
        let shown = min(missing.count, max(1, (editor.height - 6) / 3))
        let first = max(0, min(highlighted - shown + 1, missing.count - shown))
        for (n, field) in missing.enumerated().dropFirst(first).prefix(shown) {
            canvas.put(y, 2, field.reference + " (\(field.type.name))", n == highlighted ? .reverse : .problem)
            y += 1
        }
        y += 1
        for line in editor.reviewLines where y < editor.height - 2 {
            canvas.put(y, 0, line)
            y += 1
        }
        canvas.cursor = nil
    }
}
