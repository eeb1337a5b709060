import FieldOpsCore
import Testing

@testable import InterlinedList

/// The 401 contract, 403 explanations and 429 handling, as decisions.
@Suite struct UnauthorizedVerdictTests {
    @Test func onlyA401FromTheUserRouteMeansLoggedOut() {
        let verdict = UnauthorizedVerdict.decide(route: .feed(limit: 20, offset: 0), check: .status(401))
        #expect(verdict == .loggedOut)
        #expect(ILError.loggedOut(profile: "lists", route: "GET /api/messages").exitCode == .notAuthenticated)
    }

    @Test func aValidUserMeansTheRouteRefusedNotLoggedOut() {
        #expect(UnauthorizedVerdict.decide(route: .userOrganizations, check: .status(200)) == .routeRefused(needsCookie: true))
        #expect(UnauthorizedVerdict.decide(route: .listFolders, check: .status(200)) == .routeRefused(needsCookie: false))
        #expect(ILError.routeRefused(profile: "p", route: "GET /api/organizations", cookieRoute: true).exitCode == .failure)
    }

    @Test func networkErrorsAndServerErrorsNeverLogOut() {
        let unreachable = UnauthorizedVerdict.decide(route: .listFolders, check: .unreachable("connection refused"))
        #expect(unreachable == .unreachable(reason: "connection refused"))
        #expect(!unreachable.isLoggedOut)
        let broken = UnauthorizedVerdict.decide(route: .listFolders, check: .status(503))
        #expect(broken == .inconclusive(status: 503))
        #expect(!broken.isLoggedOut)
    }

    @Test func forbiddenIsExplainedFromTheServerMessage() {
        #expect(
            ForbiddenReason(serverMessage: "Email not verified. Please verify your email address before posting messages.")
                == .emailNotVerified)
        #expect(ForbiddenReason(serverMessage: "List folders are a subscriber feature") == .subscriberFeature)
        #expect(ForbiddenReason(serverMessage: "Insufficient permissions") == .forbidden)
        #expect(ForbiddenReason(serverMessage: nil) == .forbidden)
        let error = ILError.forbidden(route: "POST /api/messages", reason: .emailNotVerified, serverMessage: "Email not verified.")
        #expect(error.summary.contains("email not verified"))
        #expect(error.exitCode == .failure)
    }

    @Test func retryAfterIsHonouredOnlyWhenShortAndStated() {
        #expect(LoginRetry.seconds("2") == 2)
        #expect(LoginRetry.seconds(" 10 ") == 10)
        #expect(LoginRetry.seconds("soon") == nil)
        #expect(LoginRetry.seconds(nil) == nil)
        #expect(LoginRetry.seconds("Wed, 21 Oct 2015 07:28:00 GMT") == 0)  // a date in the past: no wait
        #expect(LoginRetry.shouldWaitAndRetry(seconds: 2))
        #expect(!LoginRetry.shouldWaitAndRetry(seconds: 3_600))
        #expect(!LoginRetry.shouldWaitAndRetry(seconds: nil))
        #expect(ILError.rateLimited(route: "POST /api/auth/login", retryAfter: 60).summary.contains("wait 60 s"))
    }
}
