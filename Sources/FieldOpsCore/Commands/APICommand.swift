import FoundationEssentials

/// `fieldops api PATH`: any request to the selected profile's service, with the credentials the
/// backend's own commands send, the answer printed exactly as it came (gh's `gh api`).
struct APICommand: FieldOpsCommand {
    static var definition: CommandSpec { definition(backends: []) }

    /// `--backend` takes the names of the backends in the build.
    static func definition(backends: [any Backend]) -> CommandSpec {
        CommandSpec(
            "api", abstract: "Send an authenticated request to the profile's service and print the answer.",
            discussion: """
                PATH is relative to the backend's API root, as its documentation writes paths: InterlinedList \
                /api/lists, JQC /inspections (under base_url/api/v1), MCMS /v1/onus/states/ (under the /api root). \
                Credentials are sent as the backend's commands send them: IL the sync token, or the session cookie \
                on the routes that accept only the cookie; MCMS the session cookie, with X-CSRFToken and Referer on \
                unsafe methods and a re-login only with a remembered password; JQC the bearer token, refreshed once \
                on a 401. Only GET and HEAD are retried.

                -f sends a string, -F a typed value (true, false, null, a number kept exactly, @FILE, @- for stdin); \
                name[key]=v nests and name[]=v appends. They become the query of a GET and a JSON body otherwise; \
                the method is POST when fields or --input are given and -X is not.

                The body is printed as received: pretty-printed JSON on a terminal, byte for byte when piped. An \
                HTTP error status prints the body, the server's message on stderr, and exits 1. --paginate follows \
                the backend's paging (IL limit/offset/hasMore, JQC limit/offset/total, MCMS limit/skip) and prints \
                each page; --slurp prints one JSON array of every page's items instead. -o csv|ndjson and --fields \
                apply to the answer's records as to any listing.
                """,
            examples: [
                "fieldops -p lists api /api/lists -f limit=2",
                "fieldops -p lists api -X POST /api/messages -f content='Hello' -F publishedAt=null",
                "fieldops -p lab-pon api /v1/onus/states/ --paginate --slurp",
                "fieldops -p site-a api /inspections -f status=completed -i",
                "fieldops -p lists api -X PUT /api/lists/l1 --input list.json",
            ],
            options: [
                OptionSpec(
                    "method", short: "X", value: .choice(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]),
                    valueName: "METHOD", help: "The HTTP method (default GET, or POST with fields or --input)."),
                OptionSpec("raw-field", short: "f", valueName: "KEY=VALUE", help: "A string parameter.", repeatable: true),
                OptionSpec(
                    "field", short: "F", valueName: "KEY=VALUE",
                    help: "A typed parameter: true, false, null, a number, @FILE or @- (stdin).", repeatable: true),
                OptionSpec("header", short: "H", valueName: "'NAME: VALUE'", help: "An extra request header.", repeatable: true),
                OptionSpec("input", value: .file, valueName: "FILE", help: "Send FILE (- for stdin) as the request body."),
                OptionSpec(
                    "backend", value: .choice(backends.map(\.name)), valueName: "NAME",
                    help: "Use this backend's profile (its default, or its only one) when --profile is not given."),
                .flag("include", short: "i", help: "Print the status line and the response headers before the body."),
                .flag("paginate", help: "Fetch every page of a collection."),
                .flag("slurp", help: "With --paginate, print one JSON array of all pages' items."),
                .flag("silent", help: "Print no response body."),
            ],
            arguments: [ArgumentSpec("PATH", help: "The path below the API root, with an optional ?query.", value: .dynamic(.apiPath))])
    }

    let target: APIPath
    /// `--backend`: whose profile to use when `--profile` is not given.
    let backend: String?
    /// `-f` and `-F` as typed; an `@FILE` or `@-` value is read when the command runs.
    let rawFields: [String]
    let typedFields: [String]
    /// `--input`: a file, or `-` for stdin, read when the command runs.
    let inputPath: String?
    let method: HTTPMethod
    let headers: HTTPHeaders
    let includeHeaders: Bool
    let paginate: Bool
    let slurp: Bool
    let silent: Bool

    init(_ invocation: Invocation) throws {
        target = try APIPath(invocation.value("PATH") ?? "")
        backend = invocation.value("backend")
        rawFields = invocation.all("raw-field")
        typedFields = invocation.all("field")
        inputPath = invocation.value("input")
        let sendsBody = !rawFields.isEmpty || !typedFields.isEmpty || inputPath != nil
        method = invocation.value("method").map { HTTPMethod(rawValue: $0) } ?? (sendsBody ? .post : .get)
        paginate = invocation.flag("paginate")
        slurp = invocation.flag("slurp")
        if slurp, !paginate {
            throw FieldOpsError.usage("--slurp needs --paginate", hint: "add --paginate to fetch and merge every page")
        }
        if paginate, method != .get {
            throw FieldOpsError.usage("--paginate works with GET only, not \(method)")
        }
        var headers = HTTPHeaders()
        for line in invocation.all("header") {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                throw FieldOpsError.usage("-H '\(line)' is not 'Name: value'", hint: "write -H 'Accept: text/csv'")
            }
            headers.add(line[..<colon].trimmingSpaces(), line[line.index(after: colon)...].trimmingSpaces())
        }
        if !headers.contains("Accept") { headers.add("Accept", "application/json") }
        self.headers = headers
        includeHeaders = invocation.flag("include")
        silent = invocation.flag("silent")
    }

    func run(_ context: CommandContext) async throws {
        let profile = try context.profile(backend: self.backend)
        do {
            try await send(context, profile: profile)
        } catch let error as any UserFacingError {
            // Every failure names the profile, its backend and its host: `api` speaks to whichever
            // service the profile is, and a request to the wrong one must say so.
            let host = URLParts(profile.baseURL).map { "\($0.scheme)://\($0.host)" + ($0.port.map { ":\($0)" } ?? "") } ?? profile.baseURL
            let place = "profile \(profile.name) (\(profile.backend) at \(host))"
            throw FieldOpsError("\(place): \(error.summary)", details: error.details, hint: error.hint, exitCode: error.exitCode)
        }
    }

    private func send(_ context: CommandContext, profile: Profile) async throws {
        guard let backend = context.backend(named: profile.backend) else {
            throw FieldOpsError.usage("profile \(profile.name) uses backend \(profile.backend), which this build does not have")
        }
        let fields = try APIFields(
            strings: rawFields, typed: typedFields,
            readFile: { try LocalFile.read($0, limit: APIFields.fileLimit, what: "the -F file") },
            readStdin: { context.stdin.readAll() })
        let input = try inputPath.map { path in
            path == "-" ? context.stdin.readAll() : try LocalFile.read(path, limit: APIFields.fileLimit, what: "the --input file")
        }

        var query = target.query
        var body = HTTPBody.none
        if let input {
            body = .bytes(input, contentType: "application/json")
            query += fields.queryItems
        } else if method == .get || method == .head {
            query += fields.queryItems
        } else if !fields.isEmpty {
            body = .json(Data(try fields.jsonObject().jsonBytes()))
        }

        let transport = try backend.apiTransport(context, profile: profile)
        let url = target.url(below: transport.apiBase)
        let safe = method == .get || method == .head || method == .options
        let request = { (query: [HTTPRequest.QueryItem]) in
            HTTPRequest(method, baseURL: url, query: query, headers: headers, body: body, isIdempotent: safe)
        }
        let printer = APIPrinter(context: context, includeHeaders: includeHeaders, silent: silent)

        guard paginate else {
            let response = try await transport.send(request(query), path: target.path)
            printer.print(response)
            try APIPrinter.requireSuccess(response)
            return
        }
        query = transport.paging.firstPage(query)
        var slurped: [JSONValue] = []
        for number in 1...APIPrinter.maximumPages {
            let response = try await transport.send(request(query), path: target.path)
            if !slurp || !response.isSuccess { printer.print(response) }
            try APIPrinter.requireSuccess(response)
            let page: JSONValue
            do {
                page = try JSONValue(parsing: response.body, source: "page \(number) of \(target.path)")
            } catch {
                throw FieldOpsError(
                    "page \(number) of \(target.path) is not JSON, so --paginate cannot follow it: \(error.summary)",
                    hint: "run without --paginate to see the answer")
            }
            if slurp {
                guard let items = transport.paging.items(of: page) else {
                    throw FieldOpsError(
                        "page \(number) of \(target.path) holds no list of items to merge",
                        hint: "--slurp merges collections; run without it to see the answer")
                }
                slurped += items
            }
            guard let next = transport.paging.nextPage(after: page, query: query) else { break }
            query = next
        }
        if slurp { printer.printJSON(.array(slurped)) }
    }
}

/// How `fieldops api` writes answers: status and headers with `-i`, the body byte for byte when
/// piped and pretty-printed (losslessly) when it is JSON on a terminal.
struct APIPrinter {
    let context: CommandContext
    let includeHeaders: Bool
    let silent: Bool

    /// A walk of more pages than this is stopped (a server whose `hasMore` never ends).
    static let maximumPages = 100_000

    func print(_ response: HTTPResponse) {
        if includeHeaders {
            var head = "HTTP/\(response.httpVersion) \(response.status)"
            if let reason = HTTPStatusFailure.reasons[response.status] ?? (response.status == 200 ? "OK" : nil) { head += " " + reason }
            context.output.stdout.line(head)
            for field in response.headers { context.output.stdout.line("\(field.name): \(field.value)") }
            context.output.stdout.line()
        }
        if silent || response.body.isEmpty { return }
        if context.output.structured.transformsJSON, let value = try? JSONValue(parsing: response.body) {
            context.output.emit(json: value)  // -o csv|ndjson, --fields
        } else if context.output.stdout.isTerminal, let value = try? JSONValue(parsing: response.body) {
            printJSON(value)
        } else {
            context.output.stdout.write(bytes: [UInt8](response.body))
        }
    }

    func printJSON(_ value: JSONValue) {
        if silent { return }
        if context.output.structured.transformsJSON { return context.output.emit(json: value) }
        context.output.stdout.write(bytes: value.jsonBytes(context.output.stdout.isTerminal ? .pretty : .compact) + [UInt8(ascii: "\n")])
    }

    /// An HTTP error status is exit 1 with the server's message, whatever the backend.
    static func requireSuccess(_ response: HTTPResponse) throws {
        guard !response.isSuccess else { return }
        let failure = HTTPStatusFailure(response)
        throw FieldOpsError(failure.summary, hint: failure.hint, exitCode: .failure)
    }
}
