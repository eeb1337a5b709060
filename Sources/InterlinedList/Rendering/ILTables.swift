import FieldOpsCore

/// The tables of the listing commands. Columns are chosen for a terminal; `--json` prints the
/// objects themselves instead.
public enum ILTables {
    /// `il lists`: one row per list.
    public static func lists(_ lists: [ILList]) -> Table {
        var table = Table("id", "title", "parent", "folder", "public")
        for list in lists {
            table.append([list.id, list.title, list.parentListID ?? "", list.folderID ?? "", yesNo(list.isPublic)])
        }
        return table
    }

    /// `il folders`: one row per list folder.
    public static func folders(_ folders: [ILFolder]) -> Table {
        var table = Table("id", "name", "parent")
        for folder in folders {
            table.append([folder.id, folder.name, folder.parentFolderID ?? ""])
        }
        return table
    }

    /// `il docs`: the folder's subfolders (by name, marked with `/`), then its documents.
    public static func documents(_ documents: [ILDocument], subfolders: [ILFolder], now: Int64) -> Table {
        var table = Table("id", "title", "path", "public", "updated")
        for folder in subfolders.sorted(by: { $0.name.lowercased() < $1.name.lowercased() }) {
            table.append([folder.id, folder.name + "/", "", "", ""])
        }
        for document in documents {
            table.append([
                document.id, document.title, document.relativePath ?? "", yesNo(document.isPublic),
                document.updatedAt.map { RelativeTime.describe(iso: $0, now: now) } ?? "",
            ])
        }
        return table
    }

    /// `il orgs`: one row per organization.
    public static func organizations(_ organizations: [ILOrganization]) -> Table {
        var table = Table(columns: [
            Table.Column("id"), Table.Column("name"), Table.Column("role"),
            Table.Column("members", alignment: .right), Table.Column("public"),
        ])
        for organization in organizations {
            table.append([
                organization.id, organization.name, organization.role ?? "",
                organization.memberCount.map(String.init) ?? "", yesNo(organization.isPublic),
            ])
        }
        return table
    }

    /// `il notifications`: the unread tray.
    public static func notifications(_ items: [ILNotification], now: Int64) -> Table {
        var table = Table("id", "type", "title", "when")
        for item in items {
            table.append([
                item.id, item.type ?? "", item.title,
                item.createdAt.map { RelativeTime.describe(iso: $0, now: now) } ?? "",
            ])
        }
        return table
    }

    /// `il list show`: the list's properties (schema columns).
    public static func properties(_ properties: [ILList.Property]) -> Table {
        var table = Table("key", "name", "type", "required")
        for property in orderedProperties(properties) {
            table.append([
                property.propertyKey, property.propertyName ?? property.propertyKey,
                property.propertyType ?? "", property.isRequired == true ? "yes" : "no",
            ])
        }
        return table
    }

    /// `il list show`: one row per list row, one column per property in schema order. Cells of
    /// keys the schema does not name are shown after, so no data is hidden.
    public static func rows(_ rows: [ILListRow], properties: [ILList.Property]) -> Table {
        var keys = orderedProperties(properties).map(\.propertyKey)
        var known = Set(keys)
        for row in rows {
            for key in row.cells.keys where !known.contains(key) {
                keys.append(key)
                known.insert(key)
            }
        }
        let titles = keys.map { key in properties.first { $0.propertyKey == key }?.propertyName ?? key }
        var table = Table(columns: [Table.Column("id")] + titles.map { Table.Column($0) })
        for row in rows {
            table.append([row.id] + keys.map { row.cells[$0].map(cellText) ?? "" })
        }
        return table
    }

    /// A cell as text: strings bare, numbers as written, `true`/`false`, nested values as JSON.
    static func cellText(_ value: JSONValue) -> String {
        switch value {
        case .null: return ""
        case .string(let text): return text
        case .number(let number): return number.lexeme
        case .bool(let flag): return flag ? "true" : "false"
        case .array, .object: return value.jsonString()
        }
    }

    static func orderedProperties(_ properties: [ILList.Property]) -> [ILList.Property] {
        properties.enumerated().sorted { left, right in
            let leftOrder = left.element.displayOrder ?? Int.max
            let rightOrder = right.element.displayOrder ?? Int.max
            return leftOrder != rightOrder ? leftOrder < rightOrder : left.offset < right.offset
        }.map(\.element)
    }

    private static func yesNo(_ value: Bool?) -> String {
        guard let value else { return "" }
        return value ? "yes" : "no"
    }
}
