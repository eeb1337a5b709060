import FieldOpsCore
import FoundationEssentials

/// Photos: the rows that point at the store's copies (`PhotoFiles`), never at the person's
/// original file.
extension JQCStore {
    /// The server refuses uploads over 50 MB (413); refusing locally says so before any wait.
    public static let maxPhotoBytes = PhotoFiles.maxBytes

    /// Attaches a photo to a draft's image or signature field: copies the file into the
    /// store and sets the field to `local://<photo id>` until the sync uploads it. A photo
    /// already waiting in that field is replaced (its copy removed).
    @discardableResult
    public func attachPhoto(inspectionLocalID: String, fieldID: String, sourcePath: String) throws -> LocalPhoto {
        let photoID = JQCStore.newLocalID()
        let copy = try photoFiles.copyIn(sourcePath, photoID: photoID)
        let replaced: [String]
        do {
            replaced = try write { database in
                let inspection = try draft(inspectionLocalID, in: database)
                if let schemaText = try database.scalar(
                    "SELECT form_schema FROM templates WHERE id = ?", [inspection.templateID], as: String.self)
                {
                    let schema = try FormSchema(jsonData: Data(schemaText.utf8))
                    guard let field = schema.field(withID: fieldID) else {
                        throw JQCError.notAllowed(
                            "template \(inspection.templateID) has no field id:\(fieldID)", next: .showTemplate(inspection.templateID))
                    }
                    guard field.type.holdsPhoto else {
                        throw JQCError.notAllowed(
                            "\(field.reference) is a \(field.type.name) field; photos go in image or signature fields", next: nil)
                    }
                }
                let old = try database.query(
                    "SELECT file_name FROM photos WHERE inspection_local_id = ? AND field_id = ? AND entity_type = 'inspection'",
                    [inspectionLocalID, fieldID]
                ).map { try $0.decode("file_name", as: String.self) }
                try database.execute(
                    "DELETE FROM photos WHERE inspection_local_id = ? AND field_id = ? AND entity_type = 'inspection'",
                    [inspectionLocalID, fieldID])
                try insertPhoto(
                    copy, id: photoID, entity: .inspection, inspection: inspectionLocalID, issue: nil, field: fieldID, in: database)
                var values = try inspection.formData()
                values[fieldID] = .localPhoto(id: photoID)
                try database.execute(
                    "UPDATE inspections SET form_data = ?, updated_at = ? WHERE local_id = ?",
                    [FormData.jsonText(values), StoreText.now(), inspectionLocalID])
                return old
            }
        } catch {
            photoFiles.remove([copy.fileName])
            throw error
        }
        photoFiles.remove(replaced)
        return try requirePhoto(photoID)
    }

    public func photo(localID: String) throws -> LocalPhoto? {
        try read { database in
            try database.queryOne("SELECT \(LocalPhoto.columns) FROM photos WHERE local_id = ?", [localID]).map(LocalPhoto.init(row:))
        }
    }

    /// The photos of an inspection (its fields) and of its issues.
    public func photos(inspectionLocalID: String) throws -> [LocalPhoto] {
        try read { database in
            try database.query(
                """
                SELECT \(LocalPhoto.columns) FROM photos WHERE inspection_local_id = ?1
                   OR issue_local_id IN (SELECT local_id FROM issues WHERE inspection_local_id = ?1)
                ORDER BY created_at, local_id
                """, [inspectionLocalID]
            ).map(LocalPhoto.init(row:))
        }
    }

    func requirePhoto(_ localID: String) throws -> LocalPhoto {
        guard let photo = try photo(localID: localID) else {
            throw JQCError.unknownRecord(kind: "photo", id: localID, profile: profileName)
        }
        return photo
    }

    func insertPhoto(
        _ copy: PhotoFiles.Copy, id: String, entity: LocalPhoto.EntityType, inspection: String?, issue: String?, field: String?,
        in database: Database
    ) throws {
        try database.execute(
            """
            INSERT INTO photos (local_id, entity_type, inspection_local_id, issue_local_id, field_id, file_name, content_type,
                byte_count, original_name, sync_status, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)
            """,
            [
                id, entity.rawValue, inspection, issue, field, copy.fileName, copy.contentType, copy.byteCount, copy.originalName,
                StoreText.now(),
            ])
    }
}
