import FieldOpsCore

/// What every target does with a refused input: render the error as the person would see it,
/// because the message is built from the input too (excerpts, carets, did-you-mean) and must
/// not trap either.
public enum Exercise {
    public static func render(_ error: any Error) {
        let rendered = ErrorReporter.render(error)
        Invariant.require(!rendered.text.isEmpty, "an error rendered as nothing: \(error)")
    }
}
