import Authentication
import Seeds
import TerminalUI
import Testing

@testable import Step06Router

/// Stands in for the app's navigator and records every view it is asked to show, in order.
final class NavigatorSpy: Navigator {
    enum Kind: Equatable {
        case push, present, replaceRoot
    }

    struct Message {
        let kind: Kind
        let view: any TerminalView
    }

    private(set) var messages: [Message] = []

    func push(_ view: any TerminalView) { messages.append(Message(kind: .push, view: view)) }
    func present(_ view: any TerminalView) { messages.append(Message(kind: .present, view: view)) }
    func replaceRoot(with view: any TerminalView) { messages.append(Message(kind: .replaceRoot, view: view)) }
}

/// A Login data store that holds whatever user a check gives it.
struct LoginDataStoreStub: LoginDataStore {
    var authenticatedUser: User?
}

/// A Home data store that a check can fill and read.
final class HomeDataStoreStub: HomeDataStore {
    var currentUser: User?
}

@Suite("LoginRouter takes the user on from Login")
struct LoginRouterTests {
    let sut = LoginRouter()
    let loginView = LoginViewController()
    let navigatorSpy = NavigatorSpy()

    /// Every check routes from a Login view that the navigator spy shows.
    init() {
        sut.viewController = loginView
        loginView.navigator = navigatorSpy
    }

    @Test(
        "routeToHome() replaces the root with a configured Home holding exactly the signed-in user",
        arguments: Seeds.accounts)
    func routeToHomeReplacesTheRoot(account: AccountSeed) throws {
        // Given
        sut.dataStore = LoginDataStoreStub(authenticatedUser: account.user)

        // When
        sut.routeToHome()

        // Then
        // routeToHome() calls viewController?.navigator?.replaceRoot(with:) once: after logging in, Home is the only screen.
        #expect(navigatorSpy.messages.map(\.kind) == [.replaceRoot])
        let home = try #require(navigatorSpy.messages.first?.view as? HomeViewController)
        // Home is built by HomeConfigurator.configure(), so its router's data store is its interactor.
        let homeInteractor = try #require(home.interactor as? HomeInteractor)
        #expect(home.router?.dataStore === homeInteractor)
        // passDataToHome(source:destination:) put Login's authenticatedUser into Home's currentUser.
        #expect(homeInteractor.currentUser == account.user)
        home.onAppear()
        // So Home greets that very user when it appears.
        #expect(home.greeting.contains(account.user.name))
    }

    @Test("routeToHome() with nobody signed in stays on Login and says why")
    func routeToHomeWithoutUserStays() {
        // Given
        sut.dataStore = LoginDataStoreStub(authenticatedUser: nil)

        // When
        sut.routeToHome()

        // Then
        // With no authenticatedUser there is nobody to greet: the navigator is not asked for anything.
        #expect(navigatorSpy.messages.isEmpty)
        // Instead, the Login screen says why: call viewController?.showAlert(title:message:) with a message.
        #expect(loginView.alertMessage?.isEmpty == false)
    }

    @Test(
        "passDataToHome(source:destination:) copies exactly the signed-in user, and shows nothing",
        arguments: Seeds.accounts)
    func passDataToHomeCopiesTheUser(account: AccountSeed) {
        // Given
        let source = LoginDataStoreStub(authenticatedUser: account.user)
        var destination: HomeDataStore = HomeDataStoreStub()

        // When
        sut.passDataToHome(source: source, destination: &destination)

        // Then
        // destination.currentUser = source.authenticatedUser: the function reads only its arguments.
        #expect(destination.currentUser == account.user)
        // Passing data is only copying: showing Home is routeToHome()'s job.
        #expect(navigatorSpy.messages.isEmpty)
    }

    @Test("routeToForgotPassword() pushes the Forgot Password scene")
    func routeToForgotPasswordPushes() {
        // Given
        sut.dataStore = LoginDataStoreStub(authenticatedUser: nil)

        // When
        sut.routeToForgotPassword()

        // Then
        // Push ForgotPasswordConfigurator.configure() on the navigator, so that Login stays underneath.
        #expect(navigatorSpy.messages.map(\.kind) == [.push])
        #expect(navigatorSpy.messages.first?.view is ForgotPasswordViewController)
    }

    @Test("routeToSignup() pushes the Sign up scene")
    func routeToSignupPushes() {
        // Given
        sut.dataStore = LoginDataStoreStub(authenticatedUser: nil)

        // When
        sut.routeToSignup()

        // Then
        // Push SignupConfigurator.configure() on the navigator, so that Login stays underneath.
        #expect(navigatorSpy.messages.map(\.kind) == [.push])
        #expect(navigatorSpy.messages.first?.view is SignupViewController)
    }
}
