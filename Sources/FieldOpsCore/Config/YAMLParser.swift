internal import CYAML

/// Builds a `YAMLNode` tree from libyaml's event parser.
///
/// Owns one `yaml_parser_t`; `parse(_:)` is the only way in, because libyaml keeps a pointer to
/// the input, so the bytes must stay pinned for the whole parse.
public final class YAMLParser {
    private let handle: UnsafeMutablePointer<yaml_parser_t>
    private let source: ConfigSource

    private init(source: ConfigSource) throws {
        self.source = source
        handle = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        guard yaml_parser_initialize(handle) == 1 else {
            handle.deallocate()
            throw ConfigError(.fileSystem, "\(source.path): could not initialise the YAML parser (out of memory)")
        }
    }

    deinit {
        yaml_parser_delete(handle)
        handle.deallocate()
    }

    /// The root node of the YAML document in `bytes`, for other YAML inputs than configuration
    /// (answers files); errors are `ConfigError`s located at `path:line:column`.
    public static func parse(path: String, bytes: [UInt8]) throws -> YAMLNode? {
        try parse(ConfigSource(path: path, bytes: bytes))
    }

    /// Deepest nesting of collections accepted (the JSON parser allows 512; no configuration
    /// or answers file comes near this). Deeper input is refused while it is read, before a
    /// tree exists: a 50,000-level tree overflows the stack when it is released.
    static let maximumDepth = 128

    /// The document's root node, or nil when the file holds no document (empty or only comments).
    static func parse(_ source: ConfigSource) throws -> YAMLNode? {
        if source.bytes.isEmpty { return nil }
        try checkFlowDepth(source)
        let parser = try YAMLParser(source: source)
        return try source.bytes.withUnsafeBufferPointer { buffer in
            // `buffer` is non-empty, so its base address exists.
            guard let base = buffer.baseAddress else { return nil }
            yaml_parser_set_input_string(parser.handle, base, buffer.count)
            return try parser.run()
        }
    }

    /// An open collection while its children are being read.
    private struct Frame {
        var isMapping: Bool
        var isFlow: Bool
        var start: YAMLMark
        /// Children in order; for a mapping, keys and values alternate.
        var children: [YAMLNode] = []
    }

    private func run() throws -> YAMLNode? {
        var stack: [Frame] = []
        var root: YAMLNode?
        var documents = 0
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(handle, &event) == 1 else { throw syntaxError() }
            defer { yaml_event_delete(&event) }
            let start = mark(event.start_mark)
            var finished: YAMLNode?
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return root
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw ConfigError(
                        .unsupportedYAML, "a configuration file holds one YAML document, found a second", at: start, in: source,
                        hint: "remove the `---` line, or move the second document to its own file")
                }
            case YAML_ALIAS_EVENT:
                throw ConfigError(
                    .unsupportedYAML, "YAML aliases (*name) are not supported in fieldops configuration", at: start, in: source,
                    hint: "write the value out in full")
            case YAML_SCALAR_EVENT:
                try rejectAnchor(event.data.scalar.anchor, at: start)
                let text: String
                if let value = event.data.scalar.value {
                    text = String(decoding: UnsafeBufferPointer(start: value, count: event.data.scalar.length), as: UTF8.self)
                } else {
                    text = ""
                }
                let scalar = YAMLScalar(text: text, isPlain: event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
                finished = YAMLNode(content: .scalar(scalar), start: start, contentEnd: mark(event.end_mark), isFlow: false)
            case YAML_SEQUENCE_START_EVENT where stack.count >= Self.maximumDepth,
                YAML_MAPPING_START_EVENT where stack.count >= Self.maximumDepth:
                throw Self.tooDeep(at: start, in: source)
            case YAML_SEQUENCE_START_EVENT:
                try rejectAnchor(event.data.sequence_start.anchor, at: start)
                stack.append(Frame(isMapping: false, isFlow: event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE, start: start))
            case YAML_MAPPING_START_EVENT:
                try rejectAnchor(event.data.mapping_start.anchor, at: start)
                stack.append(Frame(isMapping: true, isFlow: event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE, start: start))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast() else { break }
                finished = try close(frame, end: mark(event.end_mark))
            default:
                break
            }
            if let node = finished {
                if stack.isEmpty {
                    root = node
                } else {
                    stack[stack.count - 1].children.append(node)
                }
            }
        }
    }

    static func tooDeep(at mark: YAMLMark, in source: ConfigSource) -> ConfigError {
        ConfigError(
            .unsupportedYAML, "lists and mappings are nested more than \(maximumDepth) levels deep", at: mark, in: source,
            hint: "no fieldops file needs this much nesting; check that the file is the one you meant")
    }

    /// libyaml takes quadratic time on long runs of `[` or `{` (100,000 of them: over 10 s), so
    /// flow nesting is measured first, in one pass that skips quoted text and comments.
    static func checkFlowDepth(_ source: ConfigSource) throws {
        var depth = 0
        var line = 1
        var column = 0
        var quote: UInt8?
        var comment = false
        var previous: UInt8 = 0x0A
        var index = 0
        let bytes = source.bytes
        while index < bytes.count {
            let byte = bytes[index]
            column += byte & 0xC0 == 0x80 ? 0 : 1
            if byte == 0x0A {
                line += 1
                column = 0
                comment = false
                if quote == nil { previous = byte }
                index += 1
                continue
            }
            if comment {
                index += 1
                continue
            }
            if let open = quote {
                if open == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") {
                    index += 2
                    column += 1
                    continue
                }
                if byte == open {
                    if open == UInt8(ascii: "'"), index + 1 < bytes.count, bytes[index + 1] == open {
                        index += 2
                        column += 1
                        continue
                    }
                    quote = nil
                }
            } else {
                switch byte {
                case UInt8(ascii: "#") where previous == 0x20 || previous == 0x09 || previous == 0x0A:
                    comment = true
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    quote = byte
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    if depth > maximumDepth { throw tooDeep(at: YAMLMark(line: line, column: column), in: source) }
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth = max(0, depth - 1)
                default:
                    break
                }
            }
            previous = byte
            index += 1
        }
    }

    private func close(_ frame: Frame, end: YAMLMark) throws -> YAMLNode {
        // A block collection ends where its last child ends; libyaml's end mark is the next token.
        let contentEnd = frame.isFlow ? end : (frame.children.last?.contentEnd ?? frame.start)
        guard frame.isMapping else {
            return YAMLNode(content: .sequence(frame.children), start: frame.start, contentEnd: contentEnd, isFlow: frame.isFlow)
        }
        var pairs: [YAMLPair] = []
        pairs.reserveCapacity(frame.children.count / 2)
        // A repeated key is found by a scan of the pairs so far in the small mappings a
        // configuration is made of (a profile has a handful of keys), by a table in large ones.
        let indexed = frame.children.count > 32
        var seen: [String: YAMLMark] = [:]
        var index = 0
        while index + 1 < frame.children.count {
            let key = frame.children[index]
            guard let name = key.scalar?.text else {
                throw ConfigError(
                    .unsupportedYAML, "mapping keys must be plain words, found \(key.kindName)", at: key.start, in: source)
            }
            let first = indexed ? seen[name] : pairs.first { $0.key.scalar?.text == name }?.key.start
            if let first {
                throw ConfigError(
                    .duplicateKey, "key '\(name)' appears twice in the same mapping (first on line \(first.line))",
                    at: key.start, in: source, hint: "keep one '\(name)' and delete the other")
            }
            if indexed { seen[name] = key.start }
            pairs.append(YAMLPair(key: key, value: frame.children[index + 1]))
            index += 2
        }
        return YAMLNode(content: .mapping(pairs), start: frame.start, contentEnd: contentEnd, isFlow: frame.isFlow)
    }

    private func rejectAnchor(_ anchor: UnsafeMutablePointer<yaml_char_t>?, at start: YAMLMark) throws {
        guard anchor != nil else { return }
        throw ConfigError(
            .unsupportedYAML, "YAML anchors (&name) are not supported in fieldops configuration", at: start, in: source,
            hint: "write the value out in full; profile `http:` blocks inherit from the top-level `http:` instead")
    }

    private func mark(_ raw: yaml_mark_t) -> YAMLMark {
        YAMLMark(line: Int(raw.line) + 1, column: Int(raw.column) + 1)
    }

    /// libyaml's error, rephrased; a tab in the indentation of the failing line gets its own message.
    private func syntaxError() -> ConfigError {
        let parser = handle.pointee
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        let context = parser.context.map { String(cString: $0) }
        let at = mark(parser.problem_mark)
        for line in [at.line, mark(parser.context_mark).line] {
            if let text = source.line(line), let column = ConfigSyntax.tabInIndentation(text) {
                return ConfigError(
                    .tabIndentation, "a tab is used for indentation", at: YAMLMark(line: line, column: column), in: source,
                    hint: "YAML indentation must be spaces; replace the tab with spaces")
            }
        }
        var message = context.map { "\($0): \(problem)" } ?? problem
        var location = at
        // An unterminated quote or bracket fails at the end of the file; point at where it opened.
        let started = mark(parser.context_mark)
        if context != nil, problem.contains("end of stream") {
            location = started
            message += " (the construct starting here is never closed)"
        } else if context != nil, started.line > 0, started.line < at.line {
            // libyaml stops where it noticed; the cause (an unclosed { or [) is often lines earlier.
            message += " (the construct began at line \(started.line), column \(started.column)"
            if let text = source.line(started.line) { message += ": `\(text.trimmingSpaces())`" }
            message += ")"
        }
        return ConfigError(
            .malformedYAML, "malformed YAML: \(message)", at: location, in: source,
            hint: "check the indentation and the `key: value` layout around this line")
    }
}
