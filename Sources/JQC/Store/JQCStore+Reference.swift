import FieldOpsCore
import FoundationEssentials

/// Reference data: facilities, areas and templates pulled from the server, read-only here.
extension JQCStore {
    /// How many records each reference set holds.
    public struct ReferenceCounts: Sendable, Equatable, Codable {
        public var facilities: Int
        public var areas: Int
        public var templates: Int
    }

    /// Replaces all three cached sets in one transaction: either the new sets are all in
    /// place, or (on any failure) the old ones are untouched.
    @discardableResult
    public func replaceReference(facilities: [APIFacility], areas: [APIArea], templates: [APITemplate]) throws -> ReferenceCounts {
        try write { database in
            try database.execute("DELETE FROM facilities")
            try database.execute("DELETE FROM areas")
            try database.execute("DELETE FROM templates")
            for facility in facilities {
                try database.execute(
                    "INSERT OR REPLACE INTO facilities (id, name, address, project_id, project_name) VALUES (?, ?, ?, ?, ?)",
                    [facility.id, facility.name, facility.address, facility.projectID, facility.projectName])
            }
            for area in areas {
                try database.execute(
                    "INSERT OR REPLACE INTO areas (id, facility_id, name, area_type) VALUES (?, ?, ?, ?)",
                    [area.id, area.facilityID, area.name, area.areaType])
            }
            for template in templates {
                try database.execute(
                    "INSERT OR REPLACE INTO templates (id, name, description, frequency, form_schema) VALUES (?, ?, ?, ?, ?)",
                    [template.id, template.name, template.description, template.frequency, template.formSchemaJSON])
            }
            try setState(.referencePulledAt, StoreText.now(), in: database)
            return try referenceCounts(in: database)
        }
    }

    /// Deletes every cached facility, area and template; inspections, issues and photos stay.
    public func clearReference() throws {
        try write { database in
            try database.execute("DELETE FROM facilities")
            try database.execute("DELETE FROM areas")
            try database.execute("DELETE FROM templates")
            try database.execute("DELETE FROM history_pages")
            try setState(.referencePulledAt, nil, in: database)
        }
    }

    public func referenceCounts() throws -> ReferenceCounts {
        try read { try referenceCounts(in: $0) }
    }

    func referenceCounts(in database: Database) throws -> ReferenceCounts {
        ReferenceCounts(
            facilities: try database.scalar("SELECT count(*) FROM facilities", as: Int.self) ?? 0,
            areas: try database.scalar("SELECT count(*) FROM areas", as: Int.self) ?? 0,
            templates: try database.scalar("SELECT count(*) FROM templates", as: Int.self) ?? 0)
    }

    // MARK: Facilities and areas

    public func facilities() throws -> [APIFacility] {
        try read { database in
            try database.query("SELECT id, name, address, project_id, project_name FROM facilities ORDER BY name, id").map(Self.facility)
        }
    }

    /// The facility with its areas, or nil when it is not cached.
    public func facility(id: Int) throws -> CachedFacility? {
        try read { database in
            guard
                let row = try database.queryOne(
                    "SELECT id, name, address, project_id, project_name FROM facilities WHERE id = ?", [id])
            else { return nil }
            let areas = try database.query(
                "SELECT id, facility_id, name, area_type FROM areas WHERE facility_id = ? ORDER BY name, id", [id]
            ).map(Self.area)
            return CachedFacility(facility: try Self.facility(row), areas: areas)
        }
    }

    public func area(id: Int) throws -> APIArea? {
        try read { database in
            try database.queryOne("SELECT id, facility_id, name, area_type FROM areas WHERE id = ?", [id]).map(Self.area)
        }
    }

    /// How many areas each facility has, by facility id.
    public func areaCounts() throws -> [Int: Int] {
        try read { database in
            var counts: [Int: Int] = [:]
            for row in try database.query("SELECT facility_id, count(*) AS n FROM areas GROUP BY facility_id") {
                counts[try row.decode("facility_id")] = try row.decode("n")
            }
            return counts
        }
    }

    private static func facility(_ row: Row) throws -> APIFacility {
        APIFacility(
            id: try row.decode("id"), name: try row.decode("name"), address: try row.decode("address"),
            projectID: try row.decode("project_id"), projectName: try row.decode("project_name"))
    }

    private static func area(_ row: Row) throws -> APIArea {
        APIArea(
            id: try row.decode("id"), facilityID: try row.decode("facility_id"), name: try row.decode("name"),
            areaType: try row.decode("area_type"))
    }

    // MARK: Templates

    /// Every cached template, without parsing the schemas.
    public func templates() throws -> [CachedTemplate] {
        try read { database in
            try database.query("SELECT id, name, description, frequency, form_schema FROM templates ORDER BY name, id").map(Self.template)
        }
    }

    public func template(id: Int) throws -> CachedTemplate? {
        try read { database in
            try database.queryOne("SELECT id, name, description, frequency, form_schema FROM templates WHERE id = ?", [id]).map(
                Self.template)
        }
    }

    private static func template(_ row: Row) throws -> CachedTemplate {
        CachedTemplate(
            id: try row.decode("id"), name: try row.decode("name"), description: try row.decode("description"),
            frequency: try row.decode("frequency"), formSchemaJSON: try row.decode("form_schema"))
    }

    // MARK: Completion

    /// `(id, name)` pairs for dynamic completion, in id order.
    func completionPairs(_ table: String) throws -> [(Int, String)] {
        let sql = table == "templates" ? "SELECT id, name FROM templates ORDER BY id" : "SELECT id, name FROM facilities ORDER BY id"
        return try read { database in
            try database.query(sql).map { (try $0.decode("id", as: Int.self), try $0.decode("name", as: String.self)) }
        }
    }
}
