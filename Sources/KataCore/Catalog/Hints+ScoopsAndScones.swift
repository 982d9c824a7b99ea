extension HintCatalog {
    static let scoopsAndScones: [CheckGuide] = [
        // MARK: Step 1: loading the app's data
        CheckGuide(
            step: 1, key: "BundleDecodeTests/appMenuDecodes()",
            file: "Extensions/Bundle+Decode.swift", symbol: "func decode",
            hints: [
                "decode(_:from:) has three jobs: find the file in the bundle, read its bytes, decode them as T.",
                "url(forResource: file, withExtension: nil) finds the file, Data(contentsOf:) reads it, JSONDecoder().decode(T.self, from:) decodes it.",
                "guard let url = url(forResource: file, withExtension: nil) else { throw DataFileError(file: file, problem: .missing) }, then `let data = try Data(contentsOf: url)` and `return try JSONDecoder().decode(T.self, from: data)`.",
            ]
        ),
        CheckGuide(
            step: 1, key: "BundleDecodeTests/everyMenuDecodes(seed:)",
            file: "Extensions/Bundle+Decode.swift", symbol: "func decode",
            hints: [
                "This check reads several menu files, one of them also called icecream.json but in the Seeds bundle: decode must use the bundle it is called on (self) and the file it is given.",
                "Nothing about the Scoops&Scones menu may be written into decode: no file name, no values, no other bundle. And hand back what the file holds: nothing sorted, merged or trimmed.",
                "Call `url(forResource: file, withExtension: nil)` on self (not Bundle.main, not .scoopsAndScones) and `return try JSONDecoder().decode(T.self, from: data)` as it is.",
            ]
        ),
        CheckGuide(
            step: 1, key: "BundleDecodeTests/missingFileThrows(seed:)",
            file: "Extensions/Bundle+Decode.swift", symbol: "func decode",
            hints: [
                "When the bundle has no such file, decode should throw, not crash: a DataFileError with the .missing problem, even when another bundle has a file of that name.",
                "url(forResource:withExtension:) on self returns nil for a file that is not there. That is the moment to throw; look in no other bundle.",
                "guard let url = url(forResource: file, withExtension: nil) else { throw DataFileError(file: file, problem: .missing) }",
            ]
        ),
        CheckGuide(
            step: 1, key: "BundleDecodeTests/unreadableFileThrows(seed:)",
            file: "Extensions/Bundle+Decode.swift", symbol: "func decode",
            hints: [
                "A file can be in the bundle and still impossible to read (here it is a folder named like a file). Reading its bytes throws: turn that into a DataFileError with .unreadable.",
                "Read the bytes with `try Data(contentsOf: url)` inside do/catch; in the catch, throw .unreadable and pass the system's message as detail.",
                "do { data = try Data(contentsOf: url) } catch { throw DataFileError(file: file, problem: .unreadable, detail: error.localizedDescription) }",
            ]
        ),
        CheckGuide(
            step: 1, key: "BundleDecodeTests/malformedFileThrows(seed:)",
            file: "Extensions/Bundle+Decode.swift", symbol: "func decode",
            hints: [
                "A file that is not JSON at all (cut off, a comma missing, not UTF-8, empty) makes JSONDecoder throw. Catch that and throw a DataFileError with the .malformed problem.",
                "JSONDecoder reports bytes that are not JSON as DecodingError.dataCorrupted, with an empty codingPath in its context.",
                "do { return try JSONDecoder().decode(T.self, from: data) } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty { throw DataFileError(file: file, problem: .malformed, detail: context.debugDescription) }",
            ]
        ),
        CheckGuide(
            step: 1, key: "BundleDecodeTests/wrongShapeFileThrows(seed:)",
            file: "Extensions/Bundle+Decode.swift", symbol: "func decode",
            hints: [
                "Valid JSON can still be the wrong shape: a key missing, a null, a list where a menu should be. That is a .wrongShape problem, not .malformed.",
                "After catching the top-level dataCorrupted case for .malformed, every other decoding error (typeMismatch, keyNotFound, valueNotFound, ...) means the shape is wrong.",
                "Add a second catch after the .malformed one: `catch { throw DataFileError(file: file, problem: .wrongShape, detail: String(describing: error)) }`.",
            ]
        ),
        CheckGuide(
            step: 1, key: "BundleDecodeTests/corruptValueInsideIsWrongShape()",
            file: "Extensions/Bundle+Decode.swift", symbol: "func decode",
            hints: [
                "JSONDecoder says dataCorrupted both for bytes that are not JSON and for one bad value inside good JSON. Only the first is .malformed.",
                "The context's codingPath tells them apart: empty means the document itself is not JSON; a path means a value deep inside was bad, a shape problem.",
                "catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty { .malformed }, and every other error, dataCorrupted with a path included, is .wrongShape.",
            ]
        ),

        // MARK: Step 2: the payloads
        CheckGuide(
            step: 2, key: "CreateIceCreamModelsTests/responseKeepsMenu(seed:)",
            file: "CreateIceCream/CreateIceCreamModels.swift", symbol: "struct Response",
            hints: [
                "A Response carries the loaded menu from the interactor to the presenter, unchanged.",
                "The stub's init ignores its argument and iceCreamData is computed. Replace both with one stored property.",
                "Inside `struct Response`, keep only `var iceCreamData: IceCream`: Swift writes init(iceCreamData:) for you.",
            ]
        ),
        CheckGuide(
            step: 2, key: "CreateIceCreamModelsTests/responseStoresDomainModel()",
            file: "CreateIceCream/CreateIceCreamModels.swift", symbol: "struct Response",
            hints: [
                "The response stores the domain model as it is: formatting is the presenter's job, not the interactor's.",
                "A computed property stores nothing. The check looks for one stored property named iceCreamData of type IceCream: exactly IceCream, not IceCream? or IceCream!.",
                "struct Response { var iceCreamData: IceCream }",
            ]
        ),
        CheckGuide(
            step: 2, key: "CreateIceCreamModelsTests/viewModelKeepsLists(seed:)",
            file: "CreateIceCream/CreateIceCreamModels.swift", symbol: "struct ViewModel",
            hints: [
                "A ViewModel keeps the three lists the pickers show, each under its own name, in order.",
                "Replace the stub's init and computed properties with three stored properties: cones, flavors, toppings.",
                "struct ViewModel { var cones: [String]; var flavors: [String]; var toppings: [String] }",
            ]
        ),
        CheckGuide(
            step: 2, key: "CreateIceCreamModelsTests/viewModelStoresStrings()",
            file: "CreateIceCream/CreateIceCreamModels.swift", symbol: "struct ViewModel",
            hints: [
                "What reaches the view is display-ready: plain strings, no IceCream, nothing else stored.",
                "The check reads the view model's stored properties: exactly cones, flavors and toppings, each a [String] (not [String]?).",
                "struct ViewModel { var cones: [String]; var flavors: [String]; var toppings: [String] }, and nothing else stored.",
            ]
        ),

        // MARK: Step 3: the view's request and the interactor
        CheckGuide(
            step: 3, key: "CreateIceCreamViewTests/fetchSendsOneRequest()",
            file: "CreateIceCream/CreateIceCreamView.swift", symbol: "func fetchIceCream",
            hints: [
                "The view does not load anything itself: it asks its interactor, with a request. Until step 5 connects one, a view has no interactor, and then nothing should happen.",
                "Make a CreateIceCream.LoadIceCream.Request() and pass it to the interactor's loadIceCream(request:), through optional chaining (`interactor?.`), never `interactor!`.",
                "let request = CreateIceCream.LoadIceCream.Request(); interactor?.loadIceCream(request: request)",
            ]
        ),
        CheckGuide(
            step: 3, key: "CreateIceCreamViewTests/appearingLoadsOnce()",
            file: "CreateIceCream/CreateIceCreamView.swift", symbol: "func onAppear",
            hints: [
                "The screen should ask for its menu as soon as it appears, once: onAppear() is the tutorial's .onAppear.",
                "onAppear() needs one line: a call to the method that sends the request.",
                "func onAppear() { fetchIceCream() }, and make sure fetchIceCream() sends exactly one request.",
            ]
        ),
        CheckGuide(
            step: 3, key: "CreateIceCreamInteractorTests/loadsTheAppMenu()",
            file: "CreateIceCream/CreateIceCreamInteractor.swift", symbol: "func loadIceCream",
            hints: [
                "The interactor loads the menu with the decode you wrote in step 1, then hands it to the presenter in a Response. It holds a presenter, and no view at all.",
                "menuBundle.decode(IceCream.self, from: menuFile) throws, so call it with try inside do/catch; on success make a Response and call presenter?.presentIceCream(response:) once.",
                "do { let iceCream = try menuBundle.decode(IceCream.self, from: menuFile); presenter?.presentIceCream(response: CreateIceCream.LoadIceCream.Response(iceCreamData: iceCream)) } catch { }",
            ]
        ),
        CheckGuide(
            step: 3, key: "CreateIceCreamInteractorTests/loadsWhateverTheFileHolds(seed:)",
            file: "CreateIceCream/CreateIceCreamInteractor.swift", symbol: "func loadIceCream",
            hints: [
                "This check points the interactor at other menu files: what it presents must come from the file, not from code.",
                "Use the interactor's menuBundle and menuFile properties, not \"icecream.json\" or Bundle.scoopsAndScones directly.",
                "let iceCream = try menuBundle.decode(IceCream.self, from: menuFile), then present exactly that, once.",
            ]
        ),
        CheckGuide(
            step: 3, key: "CreateIceCreamInteractorTests/everyRequestLoadsAfresh()",
            file: "CreateIceCream/CreateIceCreamInteractor.swift", symbol: "func loadIceCream",
            hints: [
                "Each request is answered with what menuFile holds at that moment: the same file twice is presented twice, and a new file is read anew.",
                "Keep nothing between requests: no stored menu, no `lazy var`, no check that skips a menu presented before.",
                "In loadIceCream(request:), every time: decode menuFile from menuBundle, make a Response, call presenter?.presentIceCream(response:) once.",
            ]
        ),

        CheckGuide(
            step: 3, key: "CreateIceCreamInteractorTests/brokenFileIsCaught(seed:)",
            file: "CreateIceCream/CreateIceCreamInteractor.swift", symbol: "func loadIceCream",
            hints: [
                "This check points menuBundle and menuFile at a broken file, then at a good one. The interactor must read exactly those two properties (no file name or bundle written in code), present nothing for the broken file, and present the good one.",
                "decode throws. Catch its error with do/catch (or try?), never try!, which crashes the app on the first bad file; and present nothing in the catch, not even an empty menu.",
                "do { let iceCream = try menuBundle.decode(IceCream.self, from: menuFile); presenter?.presentIceCream(response: …) } catch { } and nothing more in the catch: with no menu there is nothing to present.",
            ]
        ),

        // MARK: Step 4: the presenter and the display
        CheckGuide(
            step: 4, key: "CreateIceCreamPresenterTests/presentsEachListInItsField(seed:)",
            file: "CreateIceCream/CreateIceCreamPresenter.swift", symbol: "func presentIceCream",
            hints: [
                "The presenter turns the response's IceCream into a ViewModel and asks the view to display it, once.",
                "Each list goes to the field of the same name: cones to cones, flavors to flavors, toppings to toppings.",
                "let viewModel = CreateIceCream.LoadIceCream.ViewModel(cones: response.iceCreamData.cones, flavors: response.iceCreamData.flavors, toppings: response.iceCreamData.toppings); view?.displayIceCream(viewModel: viewModel)",
            ]
        ),
        CheckGuide(
            step: 4, key: "CreateIceCreamPresenterTests/presenterHoldsItsViewWeakly()",
            file: "CreateIceCream/CreateIceCreamPresenter.swift", symbol: "var view",
            hints: [
                "The view owns the interactor and the interactor owns the presenter. If the presenter also owned the view, none of the three could ever be freed. And the presenter talks to the view only: no interactor property.",
                "A reference that must not keep its object alive is a weak one; `unowned` does not keep it alive either, but reading it after the view is gone crashes, where a weak one reads nil. CreateIceCreamDisplayLogic is AnyObject so it can be weak.",
                "In CreateIceCreamPresenter: `weak var view: CreateIceCreamDisplayLogic?`, and no other property.",
            ]
        ),
        CheckGuide(
            step: 4, key: "CreateIceCreamPresenterTests/eachResponseIsDisplayedOnce()",
            file: "CreateIceCream/CreateIceCreamPresenter.swift", symbol: "func presentIceCream",
            hints: [
                "Every response gets its own view model, displayed as soon as it is presented.",
                "Call view?.displayIceCream(viewModel:) exactly once in presentIceCream(response:), with values from that response only.",
                "Build the ViewModel from `response.iceCreamData` each time, all three lists from that response: nothing cached, nothing kept from the last one, nothing displayed twice.",
            ]
        ),
        CheckGuide(
            step: 4, key: "CreateIceCreamViewTests/displayFillsTheDataStore(seed:)",
            file: "CreateIceCream/CreateIceCreamView.swift", symbol: "func displayIceCream",
            hints: [
                "Displaying means putting what the view model says into the data store the screen reads, in place of what it showed before.",
                "IceCreamDataStore has displayedCones, displayedFlavors and displayedToppings: set each from the view model (assign, do not append).",
                "iceCream.displayedCones = viewModel.cones; iceCream.displayedFlavors = viewModel.flavors; iceCream.displayedToppings = viewModel.toppings, and no presenter property in the view: the presenter calls the view.",
            ]
        ),
        CheckGuide(
            step: 4, key: "CreateIceCreamViewTests/screenOffersTheCones()",
            file: "CreateIceCream/CreateIceCreamView.swift", symbol: "func displayIceCream",
            hints: [
                "The screen's pickers read the data store: once displayIceCream(viewModel:) fills it, the cone picker lists the cones.",
                "If the data store is filled, this passes too: check that displayIceCream sets iceCream.displayedCones.",
                "iceCream.displayedCones = viewModel.cones (and the same for flavors and toppings) in displayIceCream(viewModel:).",
            ]
        ),

        // MARK: Step 5: the configurator
        CheckGuide(
            step: 5, key: "CreateIceCreamConfiguratorTests/viewGetsAnInteractor()",
            file: "CreateIceCream/CreateIceCreamConfigurator.swift", symbol: "func configureView",
            hints: [
                "configureView() makes the scene's parts and connects them; the first connection is the view's interactor.",
                "Make a CreateIceCreamInteractor and assign it to view.interactor, then return the same view.",
                "let view = self; let interactor = CreateIceCreamInteractor(); view.interactor = interactor; … return view",
            ]
        ),
        CheckGuide(
            step: 5, key: "CreateIceCreamConfiguratorTests/cycleClosesOnTheSameView()",
            file: "CreateIceCream/CreateIceCreamConfigurator.swift", symbol: "func configureView",
            hints: [
                "The cycle closes on the view it started from: view → interactor → presenter → view.",
                "Make a CreateIceCreamPresenter, give it to the interactor, and give the presenter this view.",
                "let presenter = CreateIceCreamPresenter(); interactor.presenter = presenter; presenter.view = view",
            ]
        ),
        CheckGuide(
            step: 5, key: "CreateIceCreamConfiguratorTests/configuringLoadsNothing()",
            file: "CreateIceCream/CreateIceCreamConfigurator.swift", symbol: "func configureView",
            hints: [
                "configureView() makes and connects the parts, and that is all: the menu is loaded when the screen appears, not when it is configured.",
                "Take out of configureView() any call that loads: loadIceCream(request:), fetchIceCream(), onAppear().",
                "let view = self; let interactor = CreateIceCreamInteractor(); let presenter = CreateIceCreamPresenter(); view.interactor = interactor; interactor.presenter = presenter; presenter.view = view; return view",
            ]
        ),
        CheckGuide(
            step: 5, key: "CreateIceCreamConfiguratorTests/appearingFillsTheDataStore(seed:)",
            file: "CreateIceCream/CreateIceCreamConfigurator.swift", symbol: "func configureView",
            hints: [
                "Once the three parts are connected, onAppear() should fill the data store through the whole cycle.",
                "If the wiring checks pass and this one fails, look back at steps 3 and 4: each link must pass its data on.",
                "view.interactor = interactor; interactor.presenter = presenter; presenter.view = view, all on the same instances, then return view.",
            ]
        ),
        CheckGuide(
            step: 5, key: "CreateIceCreamConfiguratorTests/releasingTheViewFreesTheScene()",
            file: "CreateIceCream/CreateIceCreamPresenter.swift", symbol: "var view",
            hints: [
                "The view holds the interactor, which holds the presenter, which holds the view: one of those must be weak, or none is ever freed.",
                "The presenter's reference back to the view is the one to make weak.",
                "In CreateIceCreamPresenter: `weak var view: CreateIceCreamDisplayLogic?`, and keep configureView() from storing the parts anywhere else.",
            ]
        ),
        CheckGuide(
            step: 5, key: "CreateIceCreamConfiguratorTests/eachPartHoldsOnlyTheNext()",
            file: "CreateIceCream/CreateIceCreamConfigurator.swift", symbol: "func configureView",
            hints: [
                "VIP runs one way: the view holds its interactor, the interactor its presenter, the presenter its view. Nothing else: no way back, no shortcut.",
                "Give no part a property for another: no presenter in the view, no view in the interactor, no interactor in the presenter (the check reads the declared types, so even a nil one counts).",
                "Wire only view.interactor, interactor.presenter and presenter.view, and remove any other property you added for the scene's parts.",
            ]
        ),
        CheckGuide(
            step: 5, key: "CreateIceCreamConfiguratorTests/appStartsConfigured()",
            file: "ContentView.swift", symbol: "var body",
            hints: [
                "The app shows whatever ContentView's body makes: it should be a configured view, connected all the way round, that has loaded nothing before it appears and shows the app's own menu once it does.",
                "In ContentView, call configureView() on the view it makes.",
                "var body: CreateIceCreamView { CreateIceCreamView().configureView() }",
            ]
        ),
    ]
}
