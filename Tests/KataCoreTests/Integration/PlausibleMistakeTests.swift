import Testing

@testable import KataCore

/// A mistake a learner could plausibly make, written into a reference solution.
struct PlausibleMistake: Sendable, CustomStringConvertible {
    let step: Int
    let folder: String
    let file: String
    let code: String
    let mistake: String
    let description: String

    static let all: [PlausibleMistake] = [
        PlausibleMistake(
            step: 1, folder: "01-Starter", file: "Extensions/Bundle+Decode.swift",
            code: "} catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {",
            mistake: "} catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty && false {",
            description: "step 1: every decoding error called the wrong shape"
        ),
        PlausibleMistake(
            step: 2, folder: "02-Model", file: "CreateIceCream/CreateIceCreamModels.swift",
            code: "            var toppings: [String]\n",
            mistake: "            var toppings: [String]\n            var iceCream: IceCream?\n",
            description: "step 2: the view model carries the domain model"
        ),
        PlausibleMistake(
            step: 3, folder: "03-Interactor", file: "CreateIceCream/CreateIceCreamView.swift",
            code: "    func onAppear() {\n        fetchIceCream()",
            mistake: "    func onAppear() {\n        fetchIceCream()\n        fetchIceCream()",
            description: "step 3: the request sent twice"
        ),
        PlausibleMistake(
            step: 3, folder: "03-Interactor", file: "CreateIceCream/CreateIceCreamInteractor.swift",
            code: "try menuBundle.decode(IceCream.self, from: menuFile)",
            mistake: "try Bundle.scoopsAndScones.decode(IceCream.self, from: \"icecream.json\")",
            description: "step 3: the menu hard-coded"
        ),
        PlausibleMistake(
            step: 3, folder: "03-Interactor", file: "CreateIceCream/CreateIceCreamInteractor.swift",
            code: "            presenter?.presentIceCream(response: response)",
            mistake: "            _ = response",
            description: "step 3: the presenter never called"
        ),
        PlausibleMistake(
            step: 4, folder: "04-Presenter", file: "CreateIceCream/CreateIceCreamPresenter.swift",
            code: "cones: response.iceCreamData.cones,\n            flavors: response.iceCreamData.flavors,",
            mistake: "cones: response.iceCreamData.flavors,\n            flavors: response.iceCreamData.cones,",
            description: "step 4: the lists swapped"
        ),
        PlausibleMistake(
            step: 4, folder: "04-Presenter", file: "CreateIceCream/CreateIceCreamPresenter.swift",
            code: "    weak var view: CreateIceCreamDisplayLogic?",
            mistake: "    var view: CreateIceCreamDisplayLogic?",
            description: "step 4: the view held strongly"
        ),
        PlausibleMistake(
            step: 5, folder: "05-Configurator", file: "CreateIceCream/CreateIceCreamConfigurator.swift",
            code: "        presenter.view = view\n",
            mistake: "        presenter.view = CreateIceCreamView()\n",
            description: "step 5: the cycle closed on another view"
        ),
        PlausibleMistake(
            step: 6, folder: "06-Router", file: "Login/LoginRouter.swift",
            code: "        destination.currentUser = source.authenticatedUser",
            mistake: "        _ = source",
            description: "step 6: the user not passed to Home"
        ),
        PlausibleMistake(
            step: 6, folder: "06-Router", file: "Login/LoginRouter.swift",
            code: "    weak var viewController: LoginViewController?",
            mistake: "    var viewController: LoginViewController?",
            description: "step 6: the router holding the view strongly"
        ),
        PlausibleMistake(
            step: 7, folder: "07-Worker", file: "Login/LoginInteractor.swift",
            code: "        defer { presenter?.presentLoading(isLoading: false) }\n",
            mistake: "",
            description: "step 7: loading never turned off"
        ),
        PlausibleMistake(
            step: 7, folder: "07-Worker", file: "Login/LoginInteractor.swift",
            code:
                "        } catch let error as AuthError {\n            presenter?.presentLoginResult(response: Login.Authenticate.Response(result: .failure(error)))",
            mistake: "        } catch let error as AuthError {\n            _ = error",
            description: "step 7: the error swallowed"
        ),
        PlausibleMistake(
            step: 7, folder: "07-Worker", file: "Login/LoginInteractor.swift",
            code: "let result = worker.validateCredentials(email: request.email, password: request.password)",
            mistake: "let result = ValidationResult(emailError: nil, passwordError: nil)",
            description: "step 7: validation skipped"
        ),
        PlausibleMistake(
            step: 7, folder: "07-Worker", file: "Login/LoginInteractor.swift",
            code: "try await worker.login(email: request.email, password: request.password)",
            mistake: "try await BundledAuthenticationService().logIn(email: request.email, password: request.password)",
            description: "step 7: the worker bypassed"
        ),
    ]
}

extension KataBinaryTests {
    /// Proves the checks catch the mistakes learners make, not only the empty starter.
    @Suite("Plausible mistakes")
    struct PlausibleMistakes {
        let workspace = ScratchWorkspace.shared

        @Test("A reference solution with a plausible mistake fails at least one check", arguments: PlausibleMistake.all)
        func mistakeIsCaught(_ mistake: PlausibleMistake) throws {
            // Given
            workspace.solve(mistake.folder)
            defer { workspace.restore(mistake.folder) }
            let path = "Exercises/\(mistake.folder)/\(mistake.file)"
            // The mistake's code is still in the solution (if this fails, update the mistake).
            try #require(workspace.read(path).contains(mistake.code))
            workspace.edit(path, replacing: mistake.code, with: mistake.mistake)

            // When
            let result = workspace.kata(["check", "\(mistake.step)"])

            // Then
            // The step builds, and at least one of its checks fails.
            #expect(result.ending == .exited(1))
            #expect(result.output.contains("✘ "))
            #expect(!result.output.contains("does not build"))
        }
    }
}
