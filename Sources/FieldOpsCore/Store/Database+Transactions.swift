internal import CSQLite

extension Database {
    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws
    /// (any error, not only SQLite's), and the error rethrown.
    ///
    /// The outermost call uses `BEGIN IMMEDIATE`, taking the write lock up front so two
    /// fieldops processes queue on the busy timeout instead of deadlocking when both try to
    /// upgrade a read to a write. Nested calls become savepoints, so an inner failure undoes
    /// only the inner work when the caller catches it.
    @discardableResult
    public func transaction<T>(_ body: (Database) throws -> T) throws -> T {
        if transactionDepth == 0 && !isInTransaction {
            try execute("BEGIN IMMEDIATE")
            transactionDepth += 1
            defer { transactionDepth -= 1 }
            do {
                let result = try body(self)
                try execute("COMMIT")
                return result
            } catch {
                // SQLite may already have rolled back (some errors do that); ignore a failure
                // of our ROLLBACK then, and report the error that caused it.
                if isInTransaction { try? execute("ROLLBACK") }
                throw error
            }
        }

        let savepoint = "fieldops_savepoint_\(transactionDepth)"
        try execute("SAVEPOINT \(savepoint)")
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        do {
            let result = try body(self)
            try execute("RELEASE \(savepoint)")
            return result
        } catch {
            if isInTransaction {
                try? execute("ROLLBACK TO \(savepoint)")
                try? execute("RELEASE \(savepoint)")
            }
            throw error
        }
    }
}
