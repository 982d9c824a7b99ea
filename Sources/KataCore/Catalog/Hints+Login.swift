extension HintCatalog {
    static let login: [CheckGuide] = [
        // MARK: Step 6: the interactor as the scene's data store
        CheckGuide(
            step: 6, key: "LoginInteractorTests/keepsTheSignedInUser(account:)",
            file: "Login/LoginInteractor.swift", symbol: "var authenticatedUser",
            hints: [
                "The interactor is also the scene's LoginDataStore: after a login it remembers who signed in, so the router has someone to hand to Home. After a failed login it remembers nobody.",
                "The stub's getter always answers nil and its setter drops the value. Make authenticatedUser a plain stored property, then set it in authenticate(request:) as soon as the service answers with a user.",
                "Declare `var authenticatedUser: User?` with no body, and in the do block write `authenticatedUser = user` right after `let user = try await service.logIn(…)`, before presentLoginResult.",
            ]
        ),

        // MARK: Step 6: the router
        CheckGuide(
            step: 6, key: "LoginRouterTests/passDataToHomeCopiesTheUser(account:)",
            file: "Login/LoginRouter.swift", symbol: "func passDataToHome",
            hints: [
                "Passing data is a small job of its own: copy what Home needs from Login's data store into Home's. Showing Home is a separate job, done elsewhere.",
                "Use only the two arguments: read the user from `source` and write it into `destination`. Don't touch self.dataStore, the navigator or HomeConfigurator here.",
                "The whole body: `destination.currentUser = source.authenticatedUser`.",
            ]
        ),
        CheckGuide(
            step: 6, key: "LoginRouterTests/routeToHomeReplacesTheRoot(account:)",
            file: "Login/LoginRouter.swift", symbol: "func routeToHome",
            hints: [
                "After a login the router builds the Home scene, gives it the signed-in user and makes it the only screen, so there is no going back to Login.",
                "HomeConfigurator.configure() makes Home, and `home.router?.dataStore` is the data store to fill with passDataToHome(source:destination:). Then ask viewController?.navigator to replaceRoot(with:) Home, once, and don't use push.",
                "let home = HomeConfigurator.configure(); guard let dataStore, var destination = home.router?.dataStore else { return }; passDataToHome(source: dataStore, destination: &destination); viewController?.navigator?.replaceRoot(with: home)",
            ]
        ),
        CheckGuide(
            step: 6, key: "LoginRouterTests/routeToHomeWithoutUserStays()",
            file: "Login/LoginRouter.swift", symbol: "func routeToHome",
            hints: [
                "If nobody has signed in, Home has nobody to greet. The router stays on Login and tells the person why, instead of showing an empty Home.",
                "Look at dataStore?.authenticatedUser before you build anything. If it is nil, don't ask the navigator for anything: call viewController?.showAlert(title:message:) with a message that is not empty, and return.",
                "Begin routeToHome() with `guard dataStore?.authenticatedUser != nil else { viewController?.showAlert(title: \"Not signed in\", message: \"Log in first, then Home can greet you.\"); return }`.",
            ]
        ),
        CheckGuide(
            step: 6, key: "LoginRouterTests/routeToForgotPasswordPushes()",
            file: "Login/LoginRouter.swift", symbol: "func routeToForgotPassword",
            hints: [
                "Forgot Password is a side trip. The router pushes that scene on top, so Login stays underneath and the person can come back to it.",
                "ForgotPasswordConfigurator.configure() makes the scene. The view's navigator shows it: push, not replaceRoot.",
                "viewController?.navigator?.push(ForgotPasswordConfigurator.configure())",
            ]
        ),
        CheckGuide(
            step: 6, key: "LoginRouterTests/routeToSignupPushes()",
            file: "Login/LoginRouter.swift", symbol: "func routeToSignup",
            hints: [
                "Signing up is a side trip too. The router pushes the Sign up scene on top of Login, which stays underneath.",
                "SignupConfigurator.configure() makes the scene. Hand it to push on the view's navigator, once.",
                "viewController?.navigator?.push(SignupConfigurator.configure())",
            ]
        ),

        // MARK: Step 6: the view asks the router
        CheckGuide(
            step: 6, key: "LoginViewControllerTests/successfulLoginRoutesHome()",
            file: "Login/LoginViewController.swift", symbol: "func displayLoginResult",
            hints: [
                "The view makes no decision about where to go: when the presenter says the login worked, it asks the router for Home. A failure stays on Login with its alert, as it does already.",
                "In displayLoginResult(viewModel:), inside the `if viewModel.isSuccess` branch and after keeping the welcome message, add one call to the router.",
                "if viewModel.isSuccess { welcomeMessage = viewModel.welcomeMessage; router?.routeToHome() }",
            ]
        ),
        CheckGuide(
            step: 6, key: "LoginViewControllerTests/buttonsAskTheRouter()",
            file: "Login/LoginViewController.swift", symbol: "func forgotPasswordTapped",
            hints: [
                "A button press only tells the router where the person wants to go. The router knows how to get there.",
                "forgotPasswordTapped() and signupTapped() each need one line: call the route of the same name on router.",
                "func forgotPasswordTapped() { router?.routeToForgotPassword() } and func signupTapped() { router?.routeToSignup() }",
            ]
        ),

        // MARK: Step 6: the configurator
        CheckGuide(
            step: 6, key: "LoginConfiguratorTests/routerIsWired()",
            file: "Login/LoginConfigurator.swift", symbol: "static func configure",
            hints: [
                "The router is made in the same place as the rest of the scene. configure() gives it to the view, and tells it which view to route from and which data store to read.",
                "In configure(), make a LoginRouter. The view gets it as `router`; the router gets the view as `viewController` and the interactor (this scene's LoginDataStore) as `dataStore`.",
                "let router = LoginRouter(); viewController.router = router; router.viewController = viewController; router.dataStore = interactor",
            ]
        ),
        CheckGuide(
            step: 6, key: "LoginConfiguratorTests/releasingTheViewFreesTheScene()",
            file: "Login/LoginRouter.swift", symbol: "var viewController",
            hints: [
                "Once the view is released, the whole scene must go with it. The view owns its interactor and its router, so neither may hold the view strongly.",
                "This check needs a LoginRouter on the view to watch, so configure() must make one; and the router's way back to the view, `viewController` in LoginRouter.swift, must not keep the view alive.",
                "In LoginRouter: `weak var viewController: LoginViewController?`. In configure(): let router = LoginRouter(); viewController.router = router; router.viewController = viewController; router.dataStore = interactor.",
            ]
        ),
        CheckGuide(
            step: 6, key: "LoginConfiguratorTests/loggingInLandsOnHome(account:)",
            file: "Login/LoginConfigurator.swift", symbol: "static func configure",
            hints: [
                "This check goes all the way: the interactor keeps the user, the view asks the router, the router makes Home the root and Home greets that user.",
                "If the other step 6 checks pass, this one does too. Fix the interactor, router and view checks first, then make sure configure() connects that router to this view and this interactor.",
                "Four pieces: `authenticatedUser = user` in the interactor, `router?.routeToHome()` on success in the view, `replaceRoot(with: home)` after passDataToHome in routeToHome(), and `viewController.router = router; router.viewController = viewController; router.dataStore = interactor` in configure().",
            ]
        ),

        // MARK: Step 7: the worker
        CheckGuide(
            step: 7, key: "LoginWorkerTests/loginAnswersWithTheServiceUser(account:)",
            file: "Login/LoginWorker.swift", symbol: "func login",
            hints: [
                "The worker is the part that talks to the outside world. login passes the credentials to the service it was given, unchanged, and answers with that service's user.",
                "Replace `throw NotWrittenYet(…)` with one awaited call on the injected `service`, with the same email and password, and return what it returns.",
                "func login(email: String, password: String) async throws -> User { try await service.logIn(email: email, password: password) }",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginWorkerTests/loginLetsAuthErrorsThrough(error:)",
            file: "Login/LoginWorker.swift", symbol: "func login",
            hints: [
                "When the service refuses a login, the worker passes its AuthError on unchanged. The interactor decides what the error means for the screen.",
                "No do/catch and no mapping: `try await` already lets whatever the service throws reach the caller. Call the service once.",
                "The whole body is `try await service.logIn(email: email, password: password)`, with no catch and no new error.",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginWorkerTests/acceptsWellFormedCredentials(check:)",
            file: "Login/LoginWorker.swift", symbol: "func validateCredentials",
            hints: [
                "Validation must let good credentials through: no message for a field that is fine, so isValid is true. Spaces around an email are not a mistake, and neither are capitals, dotted names or subdomains.",
                "Answer nil for each field that breaks no rule. Trim the email (.whitespacesAndNewlines) before you judge it, and allow any number of dotted parts on each side of the @. A password of 8 characters or more is fine, even if some are spaces.",
                #"ValidationResult(emailError: <the email's problem or nil>, passwordError: <the password's problem or nil>), where a trimmed email is fine when it wholeMatches /[^@\s]+@[^@\s.]+(\.[^@\s.]+)*\.[A-Za-z]{2,}/ and a password is fine with count >= LoginWorker.minimumPasswordLength and not only spaces."#,
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginWorkerTests/namesEachProblem(check:)",
            file: "Login/LoginWorker.swift", symbol: "func validateCredentials",
            hints: [
                "Each mistake gets its own message so the person knows what to fix. An empty field and a badly shaped one are different problems, and each field is judged on its own.",
                "Email, trimmed: empty gives ValidationMessage.emptyEmail, otherwise a shape other than name@domain.tld gives .malformedEmail. Password: empty or only spaces gives .emptyPassword, otherwise fewer than LoginWorker.minimumPasswordLength characters (counted untrimmed) gives .shortPassword.",
                #"Write one small function per field, each returning a ValidationMessage or nil. Email: `let email = email.trimmingCharacters(in: .whitespacesAndNewlines)`; if email.isEmpty → .emptyEmail; if email.wholeMatch(of: /[^@\s]+@[^@\s.]+(\.[^@\s.]+)*\.[A-Za-z]{2,}/) == nil → .malformedEmail. Password: if password.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty → .emptyPassword; if password.count < Self.minimumPasswordLength → .shortPassword."#,
            ]
        ),

        // MARK: Step 7: the interactor orchestrates
        CheckGuide(
            step: 7, key: "LoginInteractorTests/successfulLogin(account:)",
            file: "Login/LoginInteractor.swift", symbol: "func authenticate",
            hints: [
                "The interactor orchestrates and does none of the work itself: loading on, ask the worker, keep the user, present the result, loading off. The worker signs in and the presenter chooses the words.",
                "Await worker.login(email:password:) once with the request's email and password. On success set authenticatedUser, then present .success(user). The interactor has no view and talks only to its presenter.",
                "presenter?.presentLoading(isLoading: true); defer { presenter?.presentLoading(isLoading: false) }; do { let user = try await worker.login(email: request.email, password: request.password); authenticatedUser = user; presenter?.presentLoginResult(response: Login.Authenticate.Response(result: .success(user))) } catch …",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginInteractorTests/failedLogin(error:)",
            file: "Login/LoginInteractor.swift", symbol: "func authenticate",
            hints: [
                "A failed login still has a result the person must see. The interactor presents the worker's AuthError as a failure, keeps no user, and still turns loading off.",
                "Put the awaited worker.login call in do/catch. `catch let error as AuthError` presents .failure(error). A `defer` written right after loading on makes loading off the last message on every path.",
                "catch let error as AuthError { presenter?.presentLoginResult(response: Login.Authenticate.Response(result: .failure(error))) }, with `defer { presenter?.presentLoading(isLoading: false) }` at the top of the method.",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginInteractorTests/unexpectedErrorBecomesUnknown()",
            file: "Login/LoginInteractor.swift", symbol: "func authenticate",
            hints: [
                "Some failures are not an AuthError, such as a dropped connection. The person must still hear that the login failed, as AuthError.unknown, which the presenter knows how to word.",
                "After the `catch let error as AuthError` clause, add a plain `catch` for everything else. Loading still ends through the defer.",
                "catch { presenter?.presentLoginResult(response: Login.Authenticate.Response(result: .failure(.unknown))) }",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginInteractorTests/validationGoesThroughTheWorker(check:)",
            file: "Login/LoginInteractor.swift", symbol: "func validateInput",
            hints: [
                "The rules for credentials live in the worker. The interactor asks the worker and passes on exactly what it found, without judging the fields itself.",
                "Call worker.validateCredentials(email:password:) once with the request's fields. Put its emailError and passwordError into a Login.Validate.Response and present it once.",
                "let result = worker.validateCredentials(email: request.email, password: request.password); presenter?.presentValidationError(response: Login.Validate.Response(emailError: result.emailError, passwordError: result.passwordError))",
            ]
        ),

        // MARK: Step 7: the presenter
        CheckGuide(
            step: 7, key: "LoginPresenterTests/successBecomesWelcome(account:)",
            file: "Login/LoginPresenter.swift", symbol: "func presentLoginResult",
            hints: [
                "The presenter writes the words: a successful login becomes a greeting with the user's name, which the view shows as it is.",
                "Switch over response.result. For .success(let user), make a Login.Authenticate.ViewModel with isSuccess true, no errorMessage and a welcome built from user.name, then give it to viewController once.",
                "case .success(let user): Login.Authenticate.ViewModel(isSuccess: true, errorMessage: nil, welcomeMessage: \"Welcome, \\(user.name)!\"), then viewController?.displayLoginResult(viewModel: viewModel)",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginPresenterTests/failureBecomesReadableText(error:)",
            file: "Login/LoginPresenter.swift", symbol: "func presentLoginResult",
            hints: [
                "A failed login shows the error's own sentence, with isSuccess false and no welcome. The presenter picks the text and the view just shows it.",
                "In the .failure(let error) case, errorMessage is error.localizedDescription. AuthError is a LocalizedError, so that gives its sentence on Linux too. Display the view model once.",
                "case .failure(let error): Login.Authenticate.ViewModel(isSuccess: false, errorMessage: error.localizedDescription, welcomeMessage: nil), then viewController?.displayLoginResult(viewModel: viewModel)",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginPresenterTests/validationBecomesFieldTexts(check:)",
            file: "Login/LoginPresenter.swift", symbol: "func presentValidationError",
            hints: [
                "Each field's problem is shown under that field, and Log in opens only when there is no problem at all. The presenter makes that decision, not the view.",
                "Make a Login.Validate.ViewModel: emailErrorText from emailError, passwordErrorText from passwordError, and isValid true only when both are nil. Display it once.",
                "viewController?.displayValidationError(viewModel: Login.Validate.ViewModel(emailErrorText: response.emailError, passwordErrorText: response.passwordError, isValid: response.emailError == nil && response.passwordError == nil))",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginPresenterTests/loadingPassesThrough()",
            file: "Login/LoginPresenter.swift", symbol: "func presentLoading",
            hints: [
                "Loading needs no wording, so the presenter passes it straight to the view each time. The presenter holds nothing that leads back to the interactor: VIP runs one way.",
                "presentLoading(isLoading:) needs one line: a call on viewController with the same Bool. Don't give the presenter an interactor property.",
                "func presentLoading(isLoading: Bool) { viewController?.displayLoading(isLoading: isLoading) }",
            ]
        ),

        // MARK: Step 7: the whole configured screen
        CheckGuide(
            step: 7, key: "LoginViewControllerTests/typingShowsValidation(check:)",
            file: "Login/LoginInteractor.swift", symbol: "func validateInput",
            hints: [
                "Every keystroke goes all the way round, view → interactor → worker → presenter → view. The screen shows the worker's messages word for word, and Log in opens only when the presenter says isValid.",
                "The view is already done. This check passes when three pieces do: validateCredentials in the worker, validateInput in the interactor and presentValidationError in the presenter. Fix those checks first.",
                "validateInput asks worker.validateCredentials(email: request.email, password: request.password) and presents its two errors. presentValidationError displays them with isValid = (both nil). The worker trims the email and names each problem with its ValidationMessage.",
            ]
        ),
        CheckGuide(
            step: 7, key: "LoginViewControllerTests/loginEndsOnScreen(attempt:)",
            file: "Login/LoginInteractor.swift", symbol: "func authenticate",
            hints: [
                "This check logs in on the configured screen through the real worker. It must end with the presenter's sentence on screen (a welcome, or the error's text in an alert), loading off, and a user kept only on success.",
                "Fix the worker, interactor and presenter checks first. If they all pass and this one still fails, look at the order in authenticate(request:): the view routes home as soon as it displays a success, and the router reads authenticatedUser at that moment.",
                "Keep the user before presenting: `authenticatedUser = user` comes before presentLoginResult(.success(user)), or the router finds nobody and shows an alert. End loading with a `defer` right after presentLoading(isLoading: true).",
            ]
        ),
    ]
}
