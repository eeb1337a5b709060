import FieldOpsCore
import FoundationEssentials

/// Steps 1–3: photos, then inspections, then issues.
extension SyncEngine {
    // MARK: 1. Photos

    func uploadPhotos() async throws {
        let photos = try store.duePhotos()
        await forEachBounded(photos) { [self] photo in
            do {
                let uploaded = try await client.call(
                    .uploadPhoto, body: .multipart(SyncRequests.upload(photo, file: store.photoFile(photo))), as: UploadedPhoto.self)
                try store.recordPhotoUploaded(photo, serverPath: uploaded.path)
                run.withLock { $0.report.photosUploaded += 1 }
                progress?.advance()
            } catch {
                recordFailure(error, kind: .photo, localID: photo.localID)
            }
        }
    }

    // MARK: 2. Inspections

    /// Submits in waves: a re-inspection of an inspection that is itself waiting becomes due
    /// once its parent has a server id, in the next wave. Each inspection is tried once per sync.
    func submitInspections() async throws {
        var tried: Set<String> = []
        while !isStopping {
            let due = try store.dueInspections().filter { !tried.contains($0.localID) }
            guard !due.isEmpty else { break }
            tried.formUnion(due.map(\.localID))
            await forEachBounded(due) { [self] inspection in
                do {
                    let body = try SyncItemError.building("its answers") {
                        try SyncRequests.inspection(inspection, zone: client.serverZone)
                    }
                    // From here until an answer is recorded the server may hold it (see `markSending`).
                    try store.markSending(inspection)
                    let answer = try await client.call(.createInspection, json: body, as: InspectionEnvelope.self)
                    try store.recordInspectionSubmitted(inspection, server: answer.inspection)
                    run.withLock { $0.report.inspectionsSubmitted += 1 }
                    progress?.advance()
                } catch {
                    if AttemptOutcome.isRefusal(error) { try? store.clearSending(inspectionLocalID: inspection.localID) }
                    noteReset(error)
                    recordFailure(error, kind: .inspection, localID: inspection.localID)
                }
            }
        }
        // After the waves, so a parent that failed for good in this sync takes its
        // re-inspections with it now (as step 3 does for issues).
        for id in try store.failReinspectionsOfFailedParents() {
            noteGaveUp(.inspection, id, JQCStore.parentInspectionFailedMessage, retries: try store.inspection(localID: id)?.retryCount ?? 0)
        }
    }

    /// Reports an item the sync gave up on without sending it.
    func noteGaveUp(_ kind: JQCStore.ItemKind, _ id: String, _ message: String, retries: Int) {
        run.withLock { state in
            state.report.failed += 1
            state.report.failures.append(.init(kind: kind, localID: id, error: message, retries: retries, gaveUp: true))
        }
        progress?.advance(failed: true)
    }

    // MARK: 3. Issues

    func submitIssues() async throws {
        // An issue is never sent without its inspection: when that failed for good, so does the issue.
        for id in try store.failIssuesOfFailedInspections() {
            noteGaveUp(.issue, id, JQCStore.parentFailedMessage, retries: try store.issue(localID: id)?.retryCount ?? 0)
        }
        let issues = try store.dueIssues()
        await forEachBounded(issues) { [self] issue in
            do {
                let (answer, status, date) = try await client.callObservingServerDate(
                    .createIssue, json: SyncRequests.issue(issue), as: IssueEnvelope.self)
                try store.recordIssueSubmitted(issue, server: answer.issue)
                // A 201's `reported_at` is the server's clock of this very moment, in its zone.
                if status == 201, let date, let stamp = answer.issue.reportedAt,
                    let offset = ServerZone.observedOffset(stamp: stamp, serverDate: date)
                {
                    run.withLock { $0.report.serverOffset = .init(seconds: offset, at: date) }
                }
                run.withLock { $0.report.issuesSubmitted += 1 }
                progress?.advance()
            } catch {
                noteReset(error)
                recordFailure(error, kind: .issue, localID: issue.localID)
            }
        }
    }

    /// Notes on the report that the server reuses ids (a reset server), when `error` says so.
    func noteReset(_ error: any Error) {
        if error is ServerIDReuse { run.withLock { $0.report.serverReset = true } }
    }
}
