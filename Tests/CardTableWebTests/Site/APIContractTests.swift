import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CardTableHTTP
@testable import CardTableStorage
@testable import CardTableWeb

/// The JSON API's contract (docs/openapi.yaml, OpenAPI 3.1) is served as it is written, and
/// names every route the app answers but the few that are pages, files or tests only. (The
/// answers themselves are checked against it by the browser suite's Python, and by schemathesis.)
@Suite struct APIContractTests {
    /// Routes that are not part of the JSON API: files, pages without a JSON form, and the
    /// test-only Set setup.
    static let outsideTheContract: Set<String> = [
        "GET /static/{file}", "GET /styles/grid/{file}", "GET /styles/set-grid/{file}",
        "GET /styles/colors/{file}", "GET /service-worker.js", "GET /offline", "GET /set/rules",
        "GET /set/daily/archive", "GET /rooms/new", "POST /set/test-setup",
    ]

    @Test func theContractIsServedAsWritten() async throws {
        let written = try Data(contentsOf: WebResources.folder().appending(path: PlatformRoute.contractFile))
        let app = try await buildApplication(WebConfiguration(), database: .sqlite(SQLiteDatabase(.inMemory)))
        try await app.test(.router) { client in
            let served = try await client.execute(uri: "/openapi.yaml", method: .get)
            #expect(served.status == .ok)
            #expect(served.headers[.contentType] == "application/yaml; charset=utf-8")
            #expect(served.headers[.cacheControl] == "no-cache")
            #expect(Data(buffer: served.body) == written)
            let tag = try #require(served.headers[.eTag])
            let again = try await client.execute(
                uri: "/openapi.yaml", method: .get, headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)
        }
    }

    @Test func everyRouteOfTheAppIsInTheContract() throws {
        let contract = Self.operations(
            in: try String(
                contentsOf: WebResources.folder().appending(path: PlatformRoute.contractFile), encoding: .utf8
            ))
        let routes = Set(Self.appRoutes())
        #expect(routes.subtracting(Self.outsideTheContract).subtracting(contract).sorted() == [])
        #expect(
            contract.subtracting(routes).sorted() == [], "the contract names routes the app does not have")
        #expect(Self.outsideTheContract.subtracting(routes).sorted() == [])
    }

    // MARK: - Helpers

    /// Every route template of the app's features, as `METHOD /path`.
    static func appRoutes() -> [String] {
        func routes<Template: RouteTemplate>(_ type: Template.Type) -> [String] {
            type.allCases.map { "\($0.method.rawValue) \($0.rawValue)" }
        }
        return routes(PlatformRoute.Template.self) + routes(PageSettingRoute.Template.self)
            + routes(ThemesRoute.Template.self) + routes(MemorizeRoute.Template.self)
            + routes(SetRoute.Template.self) + routes(DailyRoute.Template.self)
            + routes(StatsRoute.Template.self) + routes(RoomRoute.Template.self)
            + routes(LobbyRoute.Template.self) + routes(DevicesRoute.Template.self)
            + routes(RatingsRoute.Template.self) + routes(PushRoute.Template.self)
            + routes(PushRoute.Removal.self) + routes(YourGamesRoute.Template.self)
    }

    /// The operations under the contract's `paths`, as `METHOD /path`: a path is a key two spaces
    /// in, its methods keys four spaces in.
    static func operations(in yaml: String) -> Set<String> {
        var operations: Set<String> = []
        var path: String?
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.first?.isLetter == true {
                path = nil
                if line.hasPrefix("paths:") { path = "" }
                continue
            }
            guard path != nil else { continue }
            if let match = line.wholeMatch(of: #/ {2}(/\S*):\s*/#) {
                path = String(match.output.1)
            } else if let match = line.wholeMatch(of: #/ {4}(get|put|post|delete|patch):\s*/#), let path,
                !path.isEmpty
            {
                operations.insert("\(match.output.1.uppercased()) \(path)")
            }
        }
        return operations
    }
}
