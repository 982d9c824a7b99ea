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

    /// Look in: Login/LoginRouter.swift at `func routeToHome`
    /// Hint: After a login the router builds the Home scene, gives it the signed-in user and only then makes it the
    ///   only screen, so Home never shows without its user and there is no going back to Login.
    /// Hint: HomeConfigurator.configure() makes Home, and `home.router?.dataStore` is the data store to fill with
    ///   passDataToHome(source:destination:). Fill it first, then ask viewController?.navigator to replaceRoot(with:)
    ///   Home, once: not push, not present, and no alert on the way.
    /// Hint: let home = HomeConfigurator.configure(); guard let dataStore, var destination = home.router?.dataStore
    ///   else { return }; passDataToHome(source: dataStore, destination: &destination);
    ///   viewController?.navigator?.replaceRoot(with: home), in that order.
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

    /// Look in: Login/LoginRouter.swift at `func routeToHome`
    /// Hint: If nobody has signed in, Home has nobody to greet. The router stays on Login and tells the person why,
    ///   instead of showing an empty Home.
    /// Hint: Look at dataStore?.authenticatedUser before you build anything. If it is nil, don't ask the navigator for
    ///   anything: call viewController?.showAlert(title:message:) with a message that is not empty, and return.
    /// Hint: Begin routeToHome() with `guard dataStore?.authenticatedUser != nil else {
    ///   viewController?.showAlert(title: "Not signed in", message: "Log in first, then Home can greet you."); return
    ///   }`.
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

    /// Look in: Login/LoginRouter.swift at `func routeToHome`
    /// Hint: A router routes many times in its scene's life: each time from its data store as it is at that moment.
    ///   Nobody signed in: an alert. Then someone signs in: Home, holding them. Then someone else: Home, holding them.
    /// Hint: Read dataStore?.authenticatedUser inside routeToHome(), every time it is called: no lazy property, no
    ///   user remembered from an earlier route.
    /// Hint: guard let user = dataStore?.authenticatedUser else { viewController?.showAlert(…); return } at the top of
    ///   routeToHome(), and nothing stored in the router but viewController and dataStore.
    @Test("One router, asked again and again, routes from its data store as it is each time")
    func routeToHomeReadsTheStoreEachTime() throws {
        // Given
        let people = Seeds.accounts.map(\.user)

        // When
        sut.dataStore = LoginDataStoreStub(authenticatedUser: nil)
        sut.routeToHome()
        let alertWithNobody = loginView.alertMessage
        for person in people {
            sut.dataStore = LoginDataStoreStub(authenticatedUser: person)
            sut.routeToHome()
        }
        sut.dataStore = LoginDataStoreStub(authenticatedUser: nil)
        sut.routeToHome()

        // Then
        // First nobody: an alert, and no navigation.
        #expect(alertWithNobody != nil)
        // Then one replaceRoot(with:) per person, each Home holding the person signed in at that moment; nobody again: no navigation.
        #expect(navigatorSpy.messages == people.map { .init(.replaceRoot, HomeViewController.self, holding: $0) })
    }

    /// Look in: Login/LoginRouter.swift at `func passDataToHome`
    /// Hint: Passing data is a small job of its own: copy what Home needs from Login's data store into Home's. Showing
    ///   Home is a separate job, done elsewhere.
    /// Hint: Use only the two arguments: write `source`'s user into `destination` as it is, nil too, so a Home store
    ///   that held someone ends with nobody. Don't use self.dataStore, the navigator or HomeConfigurator here.
    /// Hint: The whole body: `destination.currentUser = source.authenticatedUser`, even when that is nil.
    @Test(
        "passDataToHome(source:destination:) copies exactly the signed-in user, and shows nothing",
        arguments: Seeds.accounts)
    func passDataToHomeCopiesTheUser(account: AccountSeed) {
        // Given
        let source = LoginDataStoreStub(authenticatedUser: account.user)
        var destination: HomeDataStore = HomeDataStoreStub()

        // When
        sut.passDataToHome(source: source, destination: &destination)
        let copied = destination.currentUser
        var homeHoldingSomeone: HomeDataStore = HomeDataStoreStub()
        homeHoldingSomeone.currentUser = account.user
        sut.passDataToHome(source: LoginDataStoreStub(authenticatedUser: nil), destination: &homeHoldingSomeone)

        // Then
        // destination.currentUser = source.authenticatedUser: the function reads only its arguments.
        #expect(copied == account.user)
        // It copies nobody too: a Home data store holding someone, given a source with nobody signed in, holds nobody.
        #expect(homeHoldingSomeone.currentUser == nil)
        // Passing data is only copying: showing Home is routeToHome()'s job.
        #expect(navigatorSpy.messages == [])
    }

    /// Look in: Login/LoginRouter.swift at `func routeToForgotPassword`
    /// Hint: Forgot Password is a side trip. The router pushes that scene on top, so Login stays underneath and the
    ///   person can come back to it.
    /// Hint: ForgotPasswordConfigurator.configure() makes the scene. The view's navigator shows it: push, not
    ///   replaceRoot.
    /// Hint: viewController?.navigator?.push(ForgotPasswordConfigurator.configure())
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

    /// Look in: Login/LoginRouter.swift at `func routeToSignup`
    /// Hint: Signing up is a side trip too. The router pushes the Sign up scene on top of Login, which stays
    ///   underneath.
    /// Hint: SignupConfigurator.configure() makes the scene. Hand it to push on the view's navigator, once.
    /// Hint: viewController?.navigator?.push(SignupConfigurator.configure())
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
