/// `fieldops version`.
enum VersionCommand {
    static func spec() -> CommandSpec {
        CommandSpec(
            "version", abstract: "Print the version of fieldops.",
            examples: ["fieldops version", "fieldops version --json"],
            action: { context in
                if context.format == .json {
                    try context.emitJSON(["version": FieldOpsVersion.current])
                } else {
                    context.stdout.line("fieldops \(FieldOpsVersion.current)")
                }
            })
    }
}
