/// The list, row, schema and folder routes behind `il list`, `il row`, `il folder` and
/// `il doc-folder` (server notes §1.2–1.10, §2.1). All accept the sync token.
extension ILEndpoint {
    // MARK: Lists

    /// `PUT /api/lists/{id}`: only the keys present change; `schema` is not accepted here.
    public static func updateList(_ id: String) -> ILEndpoint {
        ILEndpoint(.put, ["api", "lists", id], credential: .syncToken)
    }

    /// `DELETE /api/lists/{id}`: a hard delete with its rows; sublists move to the root.
    public static func deleteList(_ id: String) -> ILEndpoint {
        ILEndpoint(.delete, ["api", "lists", id], credential: .syncToken)
    }

    /// `GET /api/lists/search?q=` (limit at most 100).
    public static func searchLists(_ query: String, limit: Int, offset: Int) -> ILEndpoint {
        ILEndpoint(
            .get, ["api", "lists", "search"],
            query: [QueryItem("q", query), QueryItem("limit", String(limit)), QueryItem("offset", String(offset))],
            credential: .syncToken)
    }

    /// `GET /api/lists/{id}/schema` → `{data: DSL object}`.
    public static func listSchema(_ id: String) -> ILEndpoint {
        ILEndpoint(.get, ["api", "lists", id, "schema"], credential: .syncToken)
    }

    /// `PUT /api/lists/{id}/schema` with `{properties:[…]}`: the route that keeps the list's
    /// title, description and validation rules (the `{schema}` shape overwrites the title).
    public static func updateListProperties(_ id: String, force: Bool) -> ILEndpoint {
        ILEndpoint(.put, ["api", "lists", id, "schema"], query: force ? [QueryItem("force", "true")] : [], credential: .syncToken)
    }

    /// `PUT /api/lists/{id}/schema` with `{schema}`: rebuilds every column from a DSL object.
    public static func replaceListSchema(_ id: String) -> ILEndpoint {
        ILEndpoint(.put, ["api", "lists", id, "schema"], credential: .syncToken)
    }

    // MARK: Rows

    /// `POST /api/lists/{id}/data`: `{data}` for one row, `{bulk: true, data: […]}` for up to 1,000.
    public static func createRows(_ listID: String) -> ILEndpoint {
        ILEndpoint(.post, ["api", "lists", listID, "data"], credential: .syncToken)
    }

    /// `GET /api/lists/{id}/data/{rowId}` → `{data: row}`.
    public static func row(_ listID: String, _ rowID: String) -> ILEndpoint {
        ILEndpoint(.get, ["api", "lists", listID, "data", rowID], credential: .syncToken)
    }

    /// `PUT /api/lists/{id}/data/{rowId}` `{data}`: replaces the row whole (so: read, merge, write).
    public static func updateRow(_ listID: String, _ rowID: String) -> ILEndpoint {
        ILEndpoint(.put, ["api", "lists", listID, "data", rowID], credential: .syncToken)
    }

    /// `DELETE /api/lists/{id}/data/{rowId}`: a soft delete, 200 even for a row that is not there.
    public static func deleteRow(_ listID: String, _ rowID: String) -> ILEndpoint {
        ILEndpoint(.delete, ["api", "lists", listID, "data", rowID], credential: .syncToken)
    }

    // MARK: List folders and document folders

    /// `POST /api/folders` `{name, parentId}` (subscribers only).
    public static let createListFolder = ILEndpoint(.post, ["api", "folders"], credential: .syncToken)

    /// `PUT /api/folders/{id}` `{name?, parentId?}`.
    public static func updateListFolder(_ id: String) -> ILEndpoint {
        ILEndpoint(.put, ["api", "folders", id], credential: .syncToken)
    }

    /// `DELETE /api/folders/{id}`: the folder and its subfolders; their lists move to the root.
    public static func deleteListFolder(_ id: String) -> ILEndpoint {
        ILEndpoint(.delete, ["api", "folders", id], credential: .syncToken)
    }

    /// `POST /api/documents/folders` `{name, parentId}` (subscribers only).
    public static let createDocumentFolder = ILEndpoint(.post, ["api", "documents", "folders"], credential: .syncToken)

    /// `GET /api/documents/folders/{id}`: the folder with its children and documents.
    public static func documentFolder(_ id: String) -> ILEndpoint {
        ILEndpoint(.get, ["api", "documents", "folders", id], credential: .syncToken)
    }

    /// `PUT /api/documents/folders/{id}` `{name?, parentId?}`.
    public static func updateDocumentFolder(_ id: String) -> ILEndpoint {
        ILEndpoint(.put, ["api", "documents", "folders", id], credential: .syncToken)
    }

    /// `DELETE /api/documents/folders/{id}`: the folder, its subfolders and all their documents.
    public static func deleteDocumentFolder(_ id: String) -> ILEndpoint {
        ILEndpoint(.delete, ["api", "documents", "folders", id], credential: .syncToken)
    }
}
