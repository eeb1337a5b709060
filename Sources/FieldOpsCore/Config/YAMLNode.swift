/// A position in a YAML source file, as libyaml reports it (converted to 1-based line and column).
public struct YAMLMark: Sendable, Equatable, Comparable {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in characters (not bytes).
    public var column: Int

    public static func < (lhs: YAMLMark, rhs: YAMLMark) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// One scalar's text and whether it was written plain (unquoted), which decides null and typing.
public struct YAMLScalar: Sendable, Equatable {
    public var text: String
    public var isPlain: Bool

    /// YAML's null spellings, which only count when unquoted: `key:`, `key: ~`, `key: null`.
    public var isNull: Bool {
        isPlain && (text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL")
    }
}

/// A key and its value inside a mapping, in source order.
public struct YAMLPair: Sendable {
    public var key: YAMLNode
    public var value: YAMLNode
}

/// A node of the small document model the configuration is decoded from.
///
/// Built from libyaml's event stream rather than its document API so that every node keeps the
/// marks needed for `file:line:column` errors and for splicing edits into a person's file.
public struct YAMLNode: Sendable {
    public indirect enum Content: Sendable {
        case scalar(YAMLScalar)
        case mapping([YAMLPair])
        case sequence([YAMLNode])
    }

    public var content: Content
    /// Where the node starts (the first character of a scalar, `{`/`[`, or a block's first key).
    public var start: YAMLMark
    /// Where the node's last real character ends. For block collections libyaml's own end mark
    /// points at the *next* token, often lines later past comments; splicing needs this one.
    var contentEnd: YAMLMark
    /// True for `{ … }` and `[ … ]` collections, which cannot be edited line by line.
    var isFlow: Bool

    public var scalar: YAMLScalar? {
        if case .scalar(let value) = content { return value }
        return nil
    }

    public var pairs: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The word used for this node's shape in type errors.
    public var kindName: String {
        switch content {
        case .scalar(let scalar): return scalar.isNull ? "an empty value" : "a scalar"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }
}
