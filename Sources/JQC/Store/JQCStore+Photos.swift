import FieldOpsCore
import Foundation

/// Photos: copies owned by the store, never the person's original file, so moving or deleting
/// the original after attaching it cannot lose the photo before it is uploaded.
extension JQCStore {
    /// The server refuses uploads over 50 MB (413); refusing locally says so before any wait.
    public static let maxPhotoBytes = 50 * 1024 * 1024

    /// Attaches a photo to a draft's image or signature field: copies the file into the
    /// store and sets the field to `local://<photo id>` until the sync uploads it. A photo
    /// already waiting in that field is replaced (its copy removed).
    @discardableResult
    public func attachPhoto(inspectionLocalID: String, fieldID: String, sourcePath: String) throws -> LocalPhoto {
        let photoID = JQCStore.newLocalID()
        let copy = try copyIn(sourcePath, photoID: photoID)
        let replaced: [String]
        do {
            replaced = try write { database in
                let inspection = try draft(inspectionLocalID, in: database)
                if let schemaText = try database.scalar("SELECT form_schema FROM templates WHERE id = ?", [inspection.templateID], as: String.self) {
                    let schema = try FormSchema(jsonData: Data(schemaText.utf8))
                    guard let field = schema.field(withID: fieldID) else {
                        throw JQCError.notAllowed("template \(inspection.templateID) has no field \(fieldID)", hint: "see the fields with `fieldops jqc templates show \(inspection.templateID)`")
                    }
                    guard field.type.holdsPhoto else {
                        throw JQCError.notAllowed("field \(fieldID) is a \(field.type) field; photos go in image or signature fields", hint: nil)
                    }
                }
                let old = try database.query(
                    "SELECT file_name FROM photos WHERE inspection_local_id = ? AND field_id = ? AND entity_type = 'inspection'",
                    [inspectionLocalID, fieldID]).map { try $0.decode("file_name", as: String.self) }
                try database.execute(
                    "DELETE FROM photos WHERE inspection_local_id = ? AND field_id = ? AND entity_type = 'inspection'",
                    [inspectionLocalID, fieldID])
                try insertPhoto(copy, id: photoID, entity: .inspection, inspection: inspectionLocalID, issue: nil, field: fieldID, in: database)
                var values = try inspection.formData()
                values[fieldID] = .localPhoto(id: photoID)
                try database.execute(
                    "UPDATE inspections SET form_data = ?, updated_at = ? WHERE local_id = ?",
                    [FormData.jsonText(values), StoreText.now(), inspectionLocalID])
                return old
            }
        } catch {
            try? FileManager.default.removeItem(atPath: photosDirectory + "/" + copy.fileName)
            throw error
        }
        for name in replaced { try? FileManager.default.removeItem(atPath: photosDirectory + "/" + name) }
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
                """, [inspectionLocalID]).map(LocalPhoto.init(row:))
        }
    }

    func requirePhoto(_ localID: String) throws -> LocalPhoto {
        guard let photo = try photo(localID: localID) else { throw JQCError.unknownRecord(kind: "photo", id: localID) }
        return photo
    }

    // MARK: Copies

    struct PhotoCopy {
        var fileName: String
        var contentType: String
        var byteCount: Int
        var originalName: String
    }

    /// Copies `sourcePath` to `photos/<id>.<ext>` durably (see `DurableFile`: temp file, fsync,
    /// rename, directory fsync) after checking it is a JPEG or PNG the server accepts and not over
    /// its size limit. Callers insert the row that points at the copy only after this returns.
    func copyIn(_ sourcePath: String, photoID: String) throws -> PhotoCopy {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: sourcePath, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw FieldOpsError("cannot attach \(sourcePath): no such file", exitCode: .usage)
        }
        guard let handle = FileHandle(forReadingAtPath: sourcePath) else {
            throw FieldOpsError("cannot attach \(sourcePath): the file is not readable", exitCode: .failure)
        }
        let head = (try? handle.read(upToCount: 8)) ?? Data()
        try? handle.close()
        let kind: (type: String, ext: String)
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            kind = ("image/jpeg", "jpg")
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            kind = ("image/png", "png")
        } else {
            throw FieldOpsError(
                "cannot attach \(sourcePath): it is not a JPEG or PNG image", hint: "the server accepts only JPEG and PNG photos",
                exitCode: .usage)
        }
        let size = (try? manager.attributesOfItem(atPath: sourcePath)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= JQCStore.maxPhotoBytes else {
            throw FieldOpsError(
                "cannot attach \(sourcePath): \(size / (1024 * 1024)) MB is over the server's 50 MB photo limit",
                hint: "attach a smaller or more compressed photo", exitCode: .usage)
        }
        do {
            try DurableFile.makeDirectory(photosDirectory)
            let fileName = photoID + "." + kind.ext
            let copied = try DurableFile.copy(from: sourcePath, to: photosDirectory + "/" + fileName)
            return PhotoCopy(fileName: fileName, contentType: kind.type, byteCount: copied, originalName: (sourcePath as NSString).lastPathComponent)
        } catch let error as DurableFile.Failure {
            throw FieldOpsError("cannot copy \(sourcePath) into the store: \(error)", hint: "check the free space and permissions of \(photosDirectory)")
        }
    }

    func insertPhoto(
        _ copy: PhotoCopy, id: String, entity: LocalPhoto.EntityType, inspection: String?, issue: String?, field: String?,
        in database: Database
    ) throws {
        try database.execute(
            """
            INSERT INTO photos (local_id, entity_type, inspection_local_id, issue_local_id, field_id, file_name, content_type,
                byte_count, original_name, sync_status, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)
            """,
            [id, entity.rawValue, inspection, issue, field, copy.fileName, copy.contentType, copy.byteCount, copy.originalName, StoreText.now()])
    }
}
