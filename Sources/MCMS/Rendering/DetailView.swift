import FieldOpsCore

/// A detail page (`onu show`, `olt show`): titled sections of label/value lines.
///
/// On a terminal labels are aligned under bold section titles; piped (plain) output is one
/// `section<TAB>label<TAB>value` line per field so `grep` and `awk` can pick fields.
public struct DetailView: Sendable, Equatable {
    public struct Section: Sendable, Equatable {
        public var title: String
        public var fields: [(String, String)]
        /// Rows shown as a small table below the fields (UNI ports, buckets).
        public var table: Table?

        public init(_ title: String, fields: [(String, String)] = [], table: Table? = nil) {
            self.title = title
            self.fields = fields
            self.table = table
        }

        public static func == (lhs: Section, rhs: Section) -> Bool {
            lhs.title == rhs.title && lhs.fields.elementsEqual(rhs.fields, by: ==)
                && lhs.table?.rows == rhs.table?.rows
        }
    }

    public var heading: String
    public var sections: [Section]

    public init(heading: String, sections: [Section]) {
        self.heading = heading
        self.sections = sections
    }

    public func render(format: OutputFormat, color: Bool = false) -> String {
        if format == .plain {
            var out = ""
            for section in sections {
                for (label, value) in section.fields {
                    out += "\(section.title)\t\(label)\t\(value)\n"
                }
                for row in section.table?.rows ?? [] {
                    out += ([section.title] + row).joined(separator: "\t") + "\n"
                }
            }
            return out
        }
        var out = Style.bold.apply(heading, enabled: color) + "\n"
        for section in sections {
            out += "\n" + Style.bold.apply(section.title, enabled: color) + "\n"
            let width = section.fields.map { $0.0.displayWidth }.max() ?? 0
            for (label, value) in section.fields {
                out += "  " + label + String(repeating: " ", count: width - label.displayWidth) + "  " + value + "\n"
            }
            if let table = section.table {
                for line in table.render(format: .table, color: false).split(separator: "\n", omittingEmptySubsequences: false)
                where !line.isEmpty {
                    out += "  " + line + "\n"
                }
            }
        }
        return out
    }
}
