import FieldOpsCore

/// The JQC store's schema history. Released migrations are never edited; a change is a new
/// migration with the next number.
///
/// Two kinds of data share the file and are kept apart on purpose: reference data pulled from
/// the server (facilities, areas, templates), which `jqc cache clear` may drop at any time,
/// and a person's work (inspections, issues, photos), which nothing but an explicit draft
/// deletion removes. No foreign key points from work into reference data, so clearing the
/// cache can never cascade into work.
enum JQCSchema {
    static let migrator = Migrator([
        Migration(version: 1, name: "reference data, outbox, notifications, sync state", sql: version1),
        Migration(version: 2, name: "queued issue status changes, notification inbox, prune and reopen bookkeeping", sql: version2),
        Migration(version: 3, name: "the text being typed in a draft's field", sql: version3),
        Migration(version: 4, name: "the score the server keeps for a submitted inspection", sql: version4),
        Migration(version: 5, name: "the local copy of history pages", sql: version5),
    ])

    static let version1 = """
        CREATE TABLE facilities (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            address TEXT,
            project_id INTEGER,
            project_name TEXT
        );
        CREATE TABLE areas (
            id INTEGER PRIMARY KEY,
            facility_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            area_type TEXT
        );
        CREATE INDEX areas_by_facility ON areas(facility_id);
        CREATE TABLE templates (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            description TEXT,
            frequency TEXT,
            form_schema TEXT NOT NULL          -- exactly as the server sent it
        );

        CREATE TABLE inspections (
            local_id TEXT PRIMARY KEY,
            server_id INTEGER UNIQUE,
            template_id INTEGER NOT NULL,
            facility_id INTEGER NOT NULL,
            area_id INTEGER,
            status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'completed')),
            sync_status TEXT NOT NULL DEFAULT 'pending' CHECK (sync_status IN ('pending', 'synced', 'failed')),
            retry_count INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            form_data TEXT NOT NULL DEFAULT '{}',
            overall_score REAL,
            notes TEXT,
            parent_local_id TEXT REFERENCES inspections(local_id) ON DELETE SET NULL,
            parent_server_id INTEGER,
            follow_up_required INTEGER NOT NULL DEFAULT 0,
            started_at TEXT NOT NULL,
            completed_at TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            synced_at TEXT
        );
        CREATE INDEX inspections_outbox ON inspections(status, sync_status, local_id);
        CREATE INDEX inspections_by_sync ON inspections(sync_status, completed_at);
        CREATE INDEX inspections_by_parent ON inspections(parent_local_id);

        CREATE TABLE issues (
            local_id TEXT PRIMARY KEY,
            server_id INTEGER UNIQUE,
            origin TEXT NOT NULL CHECK (origin IN ('device', 'server')),
            inspection_local_id TEXT REFERENCES inspections(local_id) ON DELETE CASCADE,
            inspection_server_id INTEGER,
            facility_id INTEGER NOT NULL,
            area_id INTEGER,
            severity TEXT NOT NULL,
            description TEXT NOT NULL,
            status TEXT NOT NULL DEFAULT 'open',
            sync_status TEXT NOT NULL DEFAULT 'pending' CHECK (sync_status IN ('pending', 'synced', 'failed')),
            retry_count INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            photo_path TEXT,                   -- the server path of the photo flagged with it
            server_photo_paths TEXT NOT NULL DEFAULT '[]',
            result_notes TEXT,
            assigned_to INTEGER,
            reported_by INTEGER,
            reported_at TEXT,
            resolved_at TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE INDEX issues_outbox ON issues(origin, sync_status);
        CREATE INDEX issues_by_inspection ON issues(inspection_local_id);

        CREATE TABLE photos (
            local_id TEXT PRIMARY KEY,
            entity_type TEXT NOT NULL CHECK (entity_type IN ('inspection', 'issue')),
            inspection_local_id TEXT REFERENCES inspections(local_id) ON DELETE CASCADE,
            issue_local_id TEXT REFERENCES issues(local_id) ON DELETE CASCADE,
            field_id TEXT,
            file_name TEXT NOT NULL,           -- the owned copy, under the profile's photos/
            content_type TEXT NOT NULL,
            byte_count INTEGER NOT NULL,
            original_name TEXT,
            sync_status TEXT NOT NULL DEFAULT 'pending' CHECK (sync_status IN ('pending', 'synced', 'failed')),
            retry_count INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            server_path TEXT,
            created_at TEXT NOT NULL,
            CHECK ((entity_type = 'inspection' AND inspection_local_id IS NOT NULL AND issue_local_id IS NULL AND field_id IS NOT NULL)
                OR (entity_type = 'issue' AND issue_local_id IS NOT NULL))
        );
        CREATE INDEX photos_outbox ON photos(sync_status, entity_type, inspection_local_id);
        CREATE INDEX photos_by_inspection ON photos(inspection_local_id);
        CREATE INDEX photos_by_issue ON photos(issue_local_id);

        CREATE TABLE notifications (
            id INTEGER PRIMARY KEY,
            type TEXT,
            title TEXT,
            body TEXT,
            link TEXT,
            created_at TEXT,
            issue_id INTEGER,
            inspection_id INTEGER,
            read_on_server INTEGER NOT NULL DEFAULT 0,
            fetched_at TEXT NOT NULL
        );

        CREATE TABLE sync_state (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        """

    /// Only additions (new columns and a new table): no table is rebuilt, so the foreign keys
    /// that point into `inspections` and `issues` are never touched.
    static let version2 = """
        -- The inbox's own read state. The server is still told at fetch time (read_on_server).
        ALTER TABLE notifications ADD COLUMN read_at TEXT;
        CREATE INDEX notifications_inbox ON notifications(read_at, created_at);
        -- The cursor kept until now was this machine's clock, which the server's may not match:
        -- the next fetch asks for every unread notice instead and starts a cursor in server time.
        DELETE FROM sync_state WHERE key = 'notification_cursor';

        -- When a device issue reached the server (`jqc prune`); earlier ones by their last change.
        ALTER TABLE issues ADD COLUMN synced_at TEXT;
        UPDATE issues SET synced_at = updated_at WHERE origin = 'device' AND sync_status = 'synced';

        -- Set while a POST of the inspection is out and its outcome unknown (a cut connection,
        -- a killed sync): the server may hold it already, so it must not be reopened.
        ALTER TABLE inspections ADD COLUMN sending_since TEXT;

        -- `jqc issue status` made offline: sent in `id` order by the sync after the issue
        -- submissions. No foreign key on purpose: a change outlives the pulled issue row that
        -- reconciliation may remove, so its failure stays visible.
        CREATE TABLE issue_status_changes (
            id INTEGER PRIMARY KEY,
            local_id TEXT NOT NULL UNIQUE,
            issue_local_id TEXT NOT NULL,
            issue_server_id INTEGER,
            status TEXT NOT NULL CHECK (status IN ('open', 'in_progress', 'resolved')),
            notes TEXT,
            base_status TEXT,                  -- the status it was changed from; sent only while the server still has it
            conflict_status TEXT,              -- the server's status when it was not sent for that reason
            sync_status TEXT NOT NULL DEFAULT 'pending' CHECK (sync_status IN ('pending', 'synced', 'failed')),
            retry_count INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            created_at TEXT NOT NULL,
            synced_at TEXT
        );
        CREATE INDEX issue_status_changes_outbox ON issue_status_changes(sync_status, id);
        CREATE INDEX issue_status_changes_by_issue ON issue_status_changes(issue_local_id, id);
        """

    static let version3 = """
        -- The full-screen form saves what is typed in the focused field as it is typed. When
        -- that text is not exactly the stored answer (a half-typed number or date that does not
        -- validate yet, "today", "1."), the text itself is kept here so nothing typed is lost;
        -- form_data only ever holds valid answers (none for that field while its text is invalid).
        -- One field at a time: the form keeps a person on a field until its text validates.
        ALTER TABLE inspections ADD COLUMN typing_field TEXT;
        ALTER TABLE inspections ADD COLUMN typing_text TEXT;
        """

    static let version4 = """
        -- The server computes its own score for a submitted inspection (the public server's rule
        -- differs from the contract's: pass_fail is not scored, unanswered radios count as fails)
        -- and keeps that one. Its answer is stored beside the local score; NULL until synced.
        ALTER TABLE inspections ADD COLUMN server_score REAL;
        """

    static let version5 = """
        -- `jqc history` pages as the server last sent them, one row per page asked for (the
        -- query: its limit and offset, or every page from an offset), so history answers when
        -- the server cannot be reached. Server data, like the reference sets: `jqc cache clear`
        -- drops it. saved_at is this machine's clock, Unix ms.
        CREATE TABLE history_pages (
            query TEXT PRIMARY KEY NOT NULL,
            items TEXT NOT NULL,
            total INTEGER NOT NULL,
            saved_at INTEGER NOT NULL
        );
        """
}
