/// Counted nouns that agree with their number, the same in every backend: `1 ONU`, `2 ONUs`,
/// `1 failure`, `0 entries`.
public enum Noun {
    /// `count(1, "ONU")` is `1 ONU`; `count(3, "entry", "entries")` is `3 entries`.
    public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) " + form(n, singular, plural)
    }

    /// The noun alone, in the form `n` asks for (`of 1 ONU`, `of 5 ONUs`).
    public static func form(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        n == 1 ? singular : plural ?? singular + "s"
    }
}
