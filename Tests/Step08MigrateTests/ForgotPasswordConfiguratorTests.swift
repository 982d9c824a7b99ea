import Authentication
import Seeds
import Testing

@testable import Step08Migrate

@Suite("ForgotPasswordConfigurator assembles the VIP scene")
struct ForgotPasswordConfiguratorTests {
    /// Look in: ForgotPassword/ForgotPasswordConfigurator.swift at `static func configure`
    /// Hint: The configurator now makes the VIP parts instead of a view model, and connects them: view → interactor
    ///   → presenter → view, the worker over the service it was given, and the router from this view with this
    ///   scene's interactor as its data store. It connects only: nothing is sent.
    /// Hint: Make a ForgotPasswordInteractor(worker: ForgotPasswordWorker(service: service)), a
    ///   ForgotPasswordPresenter and a ForgotPasswordRouter; set view.interactor, view.router, interactor.presenter,
    ///   presenter.viewController, router.viewController, router.dataStore. Stop making the view model.
    /// Hint: let viewController = ForgotPasswordViewController(); let interactor = …; viewController.interactor =
    ///   interactor; viewController.router = router; interactor.presenter = presenter; presenter.viewController =
    ///   viewController; router.viewController = viewController; router.dataStore = interactor; return viewController
    @Test("configure(service:) connects view, interactor, presenter, worker and router, and sends nothing")
    func wiresTheScene() async throws {
        // Given
        let serviceStub = PasswordResetServiceStub()
        // A seed email the rules accept.
        let email = try #require(Seeds.acceptedResetEmails.first)

        // When
        let sut = ForgotPasswordConfigurator.configure(service: serviceStub)

        // Then
        // configure(service:) gives the view a ForgotPasswordInteractor: view.interactor = interactor.
        let interactor = try #require(sut.interactor as? ForgotPasswordInteractor)
        // The interactor gets a ForgotPasswordPresenter: interactor.presenter = presenter.
        let presenter = try #require(interactor.presenter as? ForgotPasswordPresenter)
        // The presenter displays on this very view: presenter.viewController = viewController.
        #expect(presenter.viewController === sut)
        // The view gets a ForgotPasswordRouter: view.router = router.
        let router = try #require(sut.router as? ForgotPasswordRouter)
        // The router routes from this very view.
        #expect(router.viewController === sut)
        // And reads this scene's interactor as its data store: router.dataStore = interactor.
        #expect((router.dataStore as? ForgotPasswordInteractor) === interactor)
        // Configuring sends nothing.
        #expect(serviceStub.received == [])
        // The interactor's worker is a ForgotPasswordWorker.
        let worker = try #require(interactor.worker as? ForgotPasswordWorker)
        try await worker.sendResetLink(email: email.sent)
        // That worker talks to the service configure(service:) was given: ForgotPasswordWorker(service: service).
        #expect(serviceStub.received == [email.sent])
    }
}
