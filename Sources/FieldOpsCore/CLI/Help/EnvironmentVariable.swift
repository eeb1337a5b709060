/// An environment variable `fieldops` reads, as documented in help and the manual.
public struct EnvironmentVariable: Sendable, Equatable {
    public var name: String
    public var meaning: String

    public init(_ name: String, _ meaning: String) {
        self.name = name
        self.meaning = meaning
    }

    /// Every variable the core reads (DESIGN.md §6), in the order they are documented.
    public static let documented: [EnvironmentVariable] = [
        EnvironmentVariable("FIELDOPS_CONFIG", "Configuration file to read (default: $XDG_CONFIG_HOME/fieldops/config.yaml)."),
        EnvironmentVariable("FIELDOPS_PROFILE", "Profile to use when --profile is not given."),
        EnvironmentVariable("FIELDOPS_TOKEN", "Access token used instead of the stored credential (for CI)."),
        EnvironmentVariable("FIELDOPS_KEYRING_PASSPHRASE", "Passphrase of an encrypted keyring file."),
        EnvironmentVariable("NO_COLOR", "When set, output is never coloured."),
        EnvironmentVariable("XDG_CONFIG_HOME", "Base directory of the configuration (default: ~/.config)."),
        EnvironmentVariable("XDG_DATA_HOME", "Base directory of stores, photos and the keyring (default: ~/.local/share)."),
        EnvironmentVariable("XDG_CACHE_HOME", "Base directory of caches (default: ~/.cache)."),
    ]
}
