import Authentication
import Foundation
import Seeds
import TerminalUI
import Testing

@testable import Step06Router

/// Stands in for the app's navigator and records every view it is asked to show, in order.
final class NavigatorSpy: Navigator {
    enum Kind: String {
        case push, present, replaceRoot
    }

    /// One request to show a screen: how, the screen's exact type, and, for a Home, the user it
    /// held at that very moment (a router hands Home its user before it shows Home).
    struct Message: Equatable, CustomDebugStringConvertible {
        let kind: Kind
        let screen: String
        let homeUser: User?

        init(_ kind: Kind, _ screen: any TerminalView.Type, holding homeUser: User? = nil) {
            self.kind = kind
            self.screen = String(describing: screen)
            self.homeUser = homeUser
        }

        var debugDescription: String {
            ".\(kind.rawValue)(\(screen)" + (homeUser.map { ", holding \($0.name) (\($0.id))" } ?? "") + ")"
        }
    }

    private(set) var messages: [Message] = []
    /// The views shown, in the order of `messages`.
    private(set) var views: [any TerminalView] = []

    func push(_ view: any TerminalView) { record(.push, view) }
    func present(_ view: any TerminalView) { record(.present, view) }
    func replaceRoot(with view: any TerminalView) { record(.replaceRoot, view) }

    private func record(_ kind: Kind, _ view: any TerminalView) {
        let homeUser = (view as? HomeViewController)?.router?.dataStore?.currentUser
        messages.append(Message(kind, type(of: view), holding: homeUser))
        views.append(view)
    }
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
        "routeToHome() hands Home exactly the signed-in user, then makes Home the root",
        arguments: Seeds.accounts)
    func routeToHomeReplacesTheRoot(account: AccountSeed) throws {
        // Given
        sut.dataStore = LoginDataStoreStub(authenticatedUser: account.user)

        // When
        sut.routeToHome()

        // Then
        // One replaceRoot(with:) of a Home that already holds the user: call passDataToHome(source:destination:) first, then viewController?.navigator?.replaceRoot(with: home).
        #expect(navigatorSpy.messages == [.init(.replaceRoot, HomeViewController.self, holding: account.user)])
        // The screen shown is a HomeViewController.
        let home = try #require(navigatorSpy.views.first as? HomeViewController)
        // Home comes from HomeConfigurator.configure(), which gives it a HomeInteractor.
        let homeInteractor = try #require(home.interactor as? HomeInteractor)
        // And makes that interactor its router's data store: use HomeConfigurator.configure(), not a Home of your own.
        #expect(home.router?.dataStore === homeInteractor)
        home.onAppear()
        // So Home greets that very user when it appears.
        #expect(home.greeting.contains(account.user.name))
        // Going home leaves no alert behind on Login.
        #expect(loginView.alertMessage == nil)
    }

    @Test("routeToHome() with nobody signed in stays on Login and says why")
    func routeToHomeWithoutUserStays() throws {
        // Given
        sut.dataStore = LoginDataStoreStub(authenticatedUser: nil)

        // When
        sut.routeToHome()

        // Then
        // With no authenticatedUser there is nobody to greet: ask the navigator for nothing.
        #expect(navigatorSpy.messages == [])
        // Instead, call viewController?.showAlert(title:message:) to put an alert on the Login screen.
        #expect(loginView.alertMessage != nil)
        // The alert's message says why in words: it is not empty.
        #expect(loginView.alertMessage?.trimmingCharacters(in: .whitespaces) != "")
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
        #expect(navigatorSpy.messages == [])
    }

    @Test("routeToForgotPassword() pushes the Forgot Password scene")
    func routeToForgotPasswordPushes() {
        // Given
        sut.dataStore = LoginDataStoreStub(authenticatedUser: nil)

        // When
        sut.routeToForgotPassword()

        // Then
        // Push ForgotPasswordConfigurator.configure() on viewController?.navigator, once, so that Login stays underneath.
        #expect(navigatorSpy.messages == [.init(.push, ForgotPasswordViewController.self)])
    }

    @Test("routeToSignup() pushes the Sign up scene")
    func routeToSignupPushes() {
        // Given
        sut.dataStore = LoginDataStoreStub(authenticatedUser: nil)

        // When
        sut.routeToSignup()

        // Then
        // Push SignupConfigurator.configure() on viewController?.navigator, once, so that Login stays underneath.
        #expect(navigatorSpy.messages == [.init(.push, SignupViewController.self)])
    }
}
