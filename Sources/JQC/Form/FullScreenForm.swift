import FieldOpsCore
import FoundationEssentials

/// `jqc inspect fill` on a capable terminal: the whole template on screen, edited in place.
///
/// The loop reads a key, lets the `FormEditor` decide what it means, carries out the effect
/// against the store at once (each change is one durable write, as the line-mode form does),
/// and redraws. Text typed in a field is saved as it is typed, coalesced: when no key came for
/// 100 ms (the key wait's tick), and at the latest a quarter of a second after the first
/// unsaved key while keys keep coming, so a power cut loses at most that much typing while a
/// fast typist's keys are not each held up by a durable write. Ctrl-C or SIGTERM cancel the
/// command's task; the key wait notices within 100 ms, what is typed is saved, ncurses is
/// ended and the caller says what was saved.
struct FullScreenForm {
    let store: JQCStore
    let localID: String
    let schema: FormSchema
    let title: String
    let profile: Profile
    let color: Bool
    let environment: [String: String]

    enum Ending: Equatable {
        case quit
        case submitted
    }

    /// Runs the form; nil when this terminal cannot show it (the caller falls back to lines).
    func run() throws -> Ending? {
        guard let screen = CursesScreen(color: color) else { return nil }
        defer { screen.close() }
        let values = try store.inspection(localID: localID)?.formData() ?? [:]
        let (width, height) = screen.size
        var editor = FormEditor(
            title: title, schema: schema, values: values, width: width, height: height, typed: try store.typedText(localID: localID))
        let clock = ContinuousClock()
        var unsavedSince: ContinuousClock.Instant?
        while true {
            if case .review = editor.mode { editor.reviewLines = reviewLines(width: editor.width) }
            screen.draw(FormView.render(editor))
            if let since = unsavedSince, since.duration(to: clock.now) >= Self.longestUnsavedTyping {
                try saveTyping(&editor, screen: screen)
                unsavedSince = nil
                continue
            }
            let read: FormKey?
            do {
                read = try screen.key()
            } catch is CancellationError {
                // Interrupted while typing: what is typed is kept too (as text when not valid yet).
                switch editor.saveBeforeInterruption() {
                case .saveTyping(let fieldID, let value, let typed):
                    _ = try? store.saveAnswer(localID: localID, fieldID: fieldID, value: value, typed: typed)
                case .save(let fieldID, let value):
                    _ = try? store.saveAnswer(localID: localID, fieldID: fieldID, value: value, typed: nil)
                default: break
                }
                throw CancellationError()
            }
            guard let key = read else {
                // Typing paused: what is typed goes to the store.
                if editor.typingUnsaved { try saveTyping(&editor, screen: screen) }
                unsavedSince = nil
                continue
            }
            if key == .resize {
                let (w, h) = screen.size
                editor.resize(width: w, height: h)
                continue
            }
            var effect = editor.handle(key)
            while effect != .none {
                let next = try carryOut(effect, editor: &editor, screen: screen)
                if let ending = next.ending { return ending }
                effect = next.effect
            }
            if !editor.typingUnsaved {
                unsavedSince = nil
            } else if unsavedSince == nil {
                unsavedSince = clock.now
            }
        }
    }

    /// The most typing a power cut can lose while keys keep coming without a pause.
    static let longestUnsavedTyping = Duration.milliseconds(250)

    private func saveTyping(_ editor: inout FormEditor, screen: CursesScreen) throws {
        let effect = editor.typingToSave()
        if effect != .none { _ = try carryOut(effect, editor: &editor, screen: screen) }
    }

    private struct Outcome {
        var effect: FormEditor.Effect = .none
        var ending: Ending?
    }

    private func carryOut(_ effect: FormEditor.Effect, editor: inout FormEditor, screen: CursesScreen) throws -> Outcome {
        do {
            switch effect {
            case .none:
                return Outcome()
            case .quit:
                return Outcome(ending: .quit)
            case .save(let fieldID, let value):
                let updated = try store.saveAnswer(localID: localID, fieldID: fieldID, value: value, typed: nil)
                editor.stored(try updated.formData())
            case .saveTyping(let fieldID, let value, let typed):
                let updated = try store.saveAnswer(localID: localID, fieldID: fieldID, value: value, typed: typed)
                editor.stored(try updated.formData())
            case .attach(let fieldID, let path):
                let photo = try store.attachPhoto(
                    inspectionLocalID: localID, fieldID: fieldID, sourcePath: PathCompletion.expandingTilde(path, environment: environment))
                editor.stored(
                    try formData(), note: "attached \(photo.originalName ?? path) (\(photo.byteCount) bytes); uploaded by the next sync")
            case .sign(let fieldID):
                let label = schema.field(withID: fieldID)?.reference ?? fieldID
                // Without libpng the form stays as it is; the field still takes an image's path.
                try SignatureImage.requireLibrary(instead: "type a signature image's path in the field and press Enter")
                guard let drawing = try SignaturePad(screen: screen, title: "Signature: \(label)").run() else {
                    editor.stored(try formData(), note: "signature not changed")
                    return Outcome()
                }
                let photo = try SignatureStore.attach(drawing, store: store, localID: localID, fieldID: fieldID)
                editor.stored(try formData(), note: "signature saved as PNG (\(photo.byteCount) bytes); uploaded by the next sync")
            case .editExternally(let fieldID, let text):
                guard let field = schema.field(withID: fieldID) else { return Outcome() }
                let edited = try screen.suspend { try ExternalEditor.edit(text, environment: environment) }
                let value: FormValue? = edited.trimmingWhitespace().isEmpty ? nil : try FieldValidator.validate(.text(edited), for: field)
                let updated = try store.saveAnswer(localID: localID, fieldID: fieldID, value: value, typed: nil)
                editor.stored(try updated.formData(), note: "saved the text from the editor")
                editor.reloadFocusedField()
            case .submit:
                _ = try store.submit(localID: localID)
                return Outcome(ending: .submitted)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            editor.failed(error)
            return Outcome()
        }
        if let after = editor.pendingAfterSave {
            editor.pendingAfterSave = nil
            return Outcome(effect: after)
        }
        return Outcome()
    }

    private func formData() throws -> [String: FormValue] {
        try store.inspection(localID: localID)?.formData() ?? [:]
    }

    private func reviewLines(width: Int) -> [String] {
        guard let inspection = try? store.inspection(localID: localID),
            let card = try? InspectShowCommand.localCard(inspection, store: store, profile: profile)
        else { return [] }
        return card.render(color: false, width: width).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
