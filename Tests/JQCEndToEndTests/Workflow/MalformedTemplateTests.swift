import FieldOpsCore
import FieldOpsTestSupport
import Foundation
import Testing

@testable import JQC

/// A template the server sends with broken fields: shown as unsupported, never a crash; a
/// schema that is not a list of fields at all is a clear error.
@Suite
struct MalformedTemplateTests {
    static let brokenSchema = """
        [{"id": 1, "type": "rating", "label": "Floors", "required": true, "row": 1, "col": 1},
         {"type": "text", "label": "No id here", "row": 2, "col": 1},
         {"id": 3, "type": "hologram", "label": "Future widget", "row": 3, "col": 1},
         {"id": 4, "type": "checkbox", "label": "Bins emptied", "row": 4, "col": 1}]
        """

    /// Template 9 with `schema`, cached as a sync would cache it.
    func cache(_ schema: String, in world: JQCWorld) throws {
        let store = try world.store()
        try store.replaceReference(
            facilities: try store.facilities(), areas: try store.facility(id: 1)?.areas ?? [],
            templates: [APITemplate(id: 9, name: "Broken", formSchemaJSON: schema)]
                + (try store.templates().map {
                    APITemplate(id: $0.id, name: $0.name, formSchemaJSON: $0.formSchemaJSON)
                }))
    }

    @Test func brokenFieldsAreShownAsUnsupportedAndTheRestWorks() async throws {
        try await withWorld { world in
            try await world.ready()
            try cache(Self.brokenSchema, in: world)
            let start = await world.run(["jqc", "inspect", "start", "--template", "9", "--facility", "1"])
            #expect(start.exitCode == 0, "\(start.stderr)")
            #expect(start.stderr.contains("2 field(s) of template 9 cannot be answered here"))
            let id = start.stdout.trimmingCharacters(in: .whitespacesAndNewlines)

            let before = try world.storeRows()
            let unsupported = await world.run(["jqc", "inspect", "fill", id, "--answers", "-"], stdin: #"{"3": "on"}"#)
            #expect(unsupported.exitCode == 2)
            #expect(unsupported.stderr.contains(#"type "hologram" is not supported"#))
            #expect(try world.storeRows() == before)

            #expect(await world.run(["jqc", "inspect", "fill", id, "--answers", "-"], stdin: #"{"Floors": 3}"#).exitCode == 0)
            let card = await world.run(["jqc", "inspect", "show", id])
            #expect(card.exitCode == 0)
            #expect(card.stdout.contains("unsupported (template field has no id)"))
            #expect(card.stdout.contains(#""Future widget" (template field id:3): unsupported (type "hologram")"#))
            let submitted = try await world.run(["jqc", "inspect", "submit", id, "--json"]).object()
            // Rating 3/5 and the unticked checkbox: (0.6 + 0) / 2.
            #expect(submitted["overall_score"] as? Double == 30)
        }
    }

    @Test func aSchemaThatIsNotAListOfFieldsIsAClearError() async throws {
        try await withWorld { world in
            try await world.ready()
            try cache(#"{"fields": []}"#, in: world)
            let before = try world.storeRows()
            let result = await world.run(["jqc", "inspect", "start", "--template", "9", "--facility", "1"])
            #expect(result.exitCode == 1)
            #expect(result.stderr.contains("form_schema must be a list of fields"))
            #expect(result.stderr.contains("ask an administrator"))
            #expect(try world.storeRows() == before)
        }
    }
}
