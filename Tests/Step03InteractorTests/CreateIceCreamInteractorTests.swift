import ScoopsAndScones
import Seeds
import TerminalUI
import Testing

@testable import Step03Interactor

/// Stands in for the presenter and records every response the interactor hands it.
final class CreateIceCreamPresenterSpy: CreateIceCreamPresentationLogic {
    private(set) var presentedResponses: [CreateIceCream.LoadIceCream.Response] = []

    func presentIceCream(response: CreateIceCream.LoadIceCream.Response) {
        presentedResponses.append(response)
    }
}

@Suite("CreateIceCreamInteractor loads the menu and hands it on")
struct CreateIceCreamInteractorTests {
    let sut = CreateIceCreamInteractor()
    let presenterSpy = CreateIceCreamPresenterSpy()

    /// Look in: CreateIceCream/CreateIceCreamInteractor.swift at `func loadIceCream`
    /// Hint: The interactor loads the menu with step 1's decode (Extensions/Bundle+Decode.swift), then hands it to
    ///   the presenter in a Response, before loadIceCream returns. It holds a presenter, and no view at all: no
    ///   CreateIceCreamView, no protocol of the view's, not its data store, no AnyObject or Any that could be one, no
    ///   closure that could call one. Nor does it keep the menu once presented: each request loads afresh.
    /// Hint: menuBundle.decode(IceCream.self, from: menuFile) throws, so call it with try inside do/catch; on success
    ///   make a Response and call presenter?.presentIceCream(response:) once.
    /// Hint: do { let iceCream = try menuBundle.decode(IceCream.self, from: menuFile);
    ///   presenter?.presentIceCream(response: CreateIceCream.LoadIceCream.Response(iceCreamData: iceCream)) } catch { }
    @Test("Loading hands the presenter the app's own menu, once, and keeps no view and no menu")
    func loadsTheAppMenu() async {
        // Given
        sut.presenter = presenterSpy

        // When
        sut.loadIceCream(request: CreateIceCream.LoadIceCream.Request())
        let presentedOnlyLater = await isDoneOnlyLater { !presenterSpy.presentedResponses.isEmpty }

        // Then
        // The menu is presented during loadIceCream(request:), before it returns: not put off into a Task or onto a queue, where it comes after whoever asked has moved on.
        #expect(presentedOnlyLater == false)
        // loadIceCream(request:) decodes icecream.json and calls presenter?.presentIceCream(response:) once with it.
        #expect(presenterSpy.presentedResponses.map { Seeds.name(of: $0.iceCreamData) } == [Seeds.menus[0].description])
        // The interactor talks to its presenter only: remove anything it stores that is or may hold a view (a CreateIceCreamView, a TerminalView, a display protocol, the view's data store, an AnyObject, an Any), even a nil one, and any stored closure.
        #expect(waysToTheView(from: sut) == [])
        // It keeps no menu either, once it has presented one: a menu kept between requests is a menu shown after its file changed.
        #expect(keptMenus(in: sut) == [])
    }

    /// Look in: CreateIceCream/CreateIceCreamInteractor.swift at `func loadIceCream`
    /// Hint: This check points the interactor at other menu files: what it presents must come from the file, not from
    ///   code.
    /// Hint: Use the interactor's menuBundle and menuFile properties, not "icecream.json" or Bundle.scoopsAndScones
    ///   directly.
    /// Hint: let iceCream = try menuBundle.decode(IceCream.self, from: menuFile), then present exactly that, once.
    @Test("Loading hands the presenter exactly the menu in the file it reads", arguments: Seeds.menus)
    func loadsWhateverTheFileHolds(seed: MenuSeed) {
        // Given
        sut.presenter = presenterSpy
        sut.menuBundle = seed.bundle
        sut.menuFile = seed.file

        // When
        sut.loadIceCream(request: CreateIceCream.LoadIceCream.Request())

        // Then
        // The menu comes from menuBundle.decode(IceCream.self, from: menuFile), never from values written in code.
        #expect(presenterSpy.presentedResponses.map { Seeds.name(of: $0.iceCreamData) } == [seed.description])
    }

    /// Look in: CreateIceCream/CreateIceCreamInteractor.swift at `func loadIceCream`
    /// Hint: Each request is answered with what menuFile holds at that moment: the same file twice is presented twice,
    ///   and a new file is read anew.
    /// Hint: Keep nothing between requests: no stored menu, no copy of the presenter, no `lazy var`, no check that skips
    ///   a menu presented before.
    /// Hint: In loadIceCream(request:), every time: decode menuFile from menuBundle, make a Response, call
    ///   presenter?.presentIceCream(response:) once.
    @Test("Every request loads the file afresh and presents it once")
    func everyRequestLoadsAfresh() {
        // Given
        let first = Seeds.menus[1]
        let second = Seeds.menus[2]
        sut.presenter = presenterSpy

        // When
        sut.menuBundle = first.bundle
        sut.menuFile = first.file
        sut.loadIceCream(request: CreateIceCream.LoadIceCream.Request())
        sut.loadIceCream(request: CreateIceCream.LoadIceCream.Request())
        sut.menuBundle = second.bundle
        sut.menuFile = second.file
        sut.loadIceCream(request: CreateIceCream.LoadIceCream.Request())
        let presenterConnectedLater = CreateIceCreamPresenterSpy()
        sut.presenter = presenterConnectedLater
        sut.loadIceCream(request: CreateIceCream.LoadIceCream.Request())

        // Then
        // One presentIceCream(response:) per request, each with what menuFile held then, to the presenter held then (this one, until another is connected): nothing kept from an earlier load.
        #expect(
            presenterSpy.presentedResponses.map { Seeds.name(of: $0.iceCreamData) }
                == [first.description, first.description, second.description])
        // Each request goes to the presenter the interactor holds then: a presenter connected later gets the next response, with no copy of the first kept.
        #expect(
            presenterConnectedLater.presentedResponses.map { Seeds.name(of: $0.iceCreamData) } == [second.description])
    }

    /// Look in: CreateIceCream/CreateIceCreamInteractor.swift at `func loadIceCream`
    /// Hint: One interactor answers sixty requests here, its menuBundle and menuFile pointed at generated files in two
    ///   bundles that share names: good menus, broken files, names they do not have (no extension, blank), and a file
    ///   rewritten between requests. Each request is answered with what that file holds then, or with nothing.
    /// Hint: Keep nothing between requests: no menu remembered by file name, no last good menu, no flag. Read
    ///   menuBundle and menuFile afresh each time.
    /// Hint: In loadIceCream(request:): do { let iceCream = try menuBundle.decode(IceCream.self, from: menuFile);
    ///   presenter?.presentIceCream(response: …) } catch { }, and no stored property but those given.
    @Test("Sixty requests to one interactor each present what their file holds then, or nothing, in any order")
    func everyRequestIsAnsweredOnItsOwn() {
        // Given
        var random = SeededRandom(seed: 0x3A)
        let menus = GeneratedMenus.all(count: 12, seed: 0x3A)
        let bundles = [ScratchBundle("requests-first"), ScratchBundle("requests-second")]
        var holds: [String: GeneratedMenu?] = [:]
        for (number, name) in ["menu.json", "today.json", "broken.json"].enumerated() {
            for (index, scratch) in bundles.enumerated() {
                let menu = menus[number * 2 + index]
                if name == "broken.json" || (name == "today.json" && index == 0) {
                    scratch.write(MenuJSON.notJSON(menu.iceCream, random: &random).bytes, as: name)
                    holds["\(index) \(name)"] = .some(nil)
                } else {
                    scratch.write(MenuJSON.valid(menu.iceCream, random: &random).bytes, as: name)
                    holds["\(index) \(name)"] = menu
                }
            }
        }
        // Both bundles also hold a menu under the app's own file name, which no request asks for.
        for scratch in bundles {
            scratch.write(MenuJSON.valid(menus[11].iceCream, random: &random).bytes, as: "icecream.json")
        }
        sut.presenter = presenterSpy

        // When
        var miss: String?
        for request in 1...60 {
            if request % 15 == 0 {
                // Now and then, the first bundle's menu.json is written again with another menu.
                let menu = menus[6 + request / 15]
                bundles[0].write(MenuJSON.valid(menu.iceCream, random: &random).bytes, as: "menu.json")
                holds["0 menu.json"] = menu
            }
            let index = random.below(2)
            // Now and then a name the bundles do not have: close to one they have, or blank.
            let name = random.pick(["menu.json", "today.json", "broken.json", "menu.json", "menu", "", "  "])
            sut.menuBundle = bundles[index].bundle
            sut.menuFile = name
            let before = presenterSpy.presentedResponses.count
            sut.loadIceCream(request: CreateIceCream.LoadIceCream.Request())
            let presented = presenterSpy.presentedResponses.dropFirst(before).map(\.iceCreamData)
            let expected = (holds["\(index) \(name)"] ?? nil).map { [$0.iceCream] } ?? []
            if presented != expected {
                let said = presented.map { menu in
                    menus.first { $0.iceCream == menu }?.description ?? Seeds.name(of: menu)
                }
                let wanted =
                    (holds["\(index) \(name)"] ?? nil)?.description ?? "nothing (no good file by that name there)"
                miss = "request \(request): menuFile “\(name)” in bundles[\(index)] presented \(said), not \(wanted)"
                break
            }
        }

        // Then
        // One presentIceCream(response:) per good file, with what menuFile in menuBundle held at that request; nothing for a broken one.
        #expect(miss == nil)
    }

    /// Look in: CreateIceCream/CreateIceCreamInteractor.swift at `func loadIceCream`
    /// Hint: This check points menuBundle and menuFile at a good file, a broken one (asked twice), then the good one
    ///   again. The interactor must read exactly those two properties (no file name or bundle written in code), leave
    ///   them where they were pointed, present nothing for the broken file (not the menu it had before, not the app's
    ///   own), and present the good one each time.
    /// Hint: decode throws. Catch its error with do/catch (or try?), never try!, which crashes the app on the first bad
    ///   file; and present nothing in the catch, not even an empty menu.
    /// Hint: do { let iceCream = try menuBundle.decode(IceCream.self, from: menuFile);
    ///   presenter?.presentIceCream(response: …) } catch { } and nothing more in the catch: with no menu there is
    ///   nothing to present.
    @Test(
        "A menu file that cannot be read presents nothing, between good ones that are presented",
        arguments: Seeds.BrokenFiles.all)
    func brokenFileIsCaught(seed: BrokenFileSeed) {
        // Given
        let goodMenu = Seeds.menus[1]
        sut.presenter = presenterSpy

        // When
        // The broken file is asked for twice: the second time (nil) the interactor is left pointing where it was.
        for pointing in [
            (goodMenu.bundle, goodMenu.file), (seed.bundle, seed.file), nil, (goodMenu.bundle, goodMenu.file),
        ] {
            if let pointing {
                sut.menuBundle = pointing.0
                sut.menuFile = pointing.1
            }
            sut.loadIceCream(request: CreateIceCream.LoadIceCream.Request())
        }

        // Then
        let presented = presenterSpy.presentedResponses.map(\.iceCreamData)
        // menuFile names a broken file here: presenting an icecream.json menu means the file name is written in code, or menuBundle and menuFile were changed after the error. Decode menuFile from menuBundle, and leave both as they were set.
        #expect(presented.filter(Seeds.menusInFilesNamedIceCreamJSON.contains).map(Seeds.name(of:)) == [])
        // decode's error is caught (do/catch or try?, never try!): nothing is presented for the broken file, either time it is asked for, not even an empty menu, the app's own or the last good one, and the good one is presented before and after it.
        #expect(presented.map(Seeds.name(of:)) == [goodMenu.description, goodMenu.description])
    }
}

/// What the interactor stores that is, or holds, a menu.
private func keptMenus(in interactor: CreateIceCreamInteractor) -> [String] {
    Reach.holdings(of: interactor) { !($0 is any CreateIceCreamPresentationLogic) }.filter { holding in
        holding.mayBe { $0 == IceCream.self || $0 == CreateIceCream.LoadIceCream.Response.self }
    }.map(\.description)
}

/// What the interactor stores that is, or could hold, a view: a CreateIceCreamView, a place
/// declared `AnyObject` or `Any`, or a closure. Its presenter is not entered: what the
/// presenter holds is the presenter's business.
private func waysToTheView(from interactor: CreateIceCreamInteractor) -> [String] {
    Reach.holdings(of: interactor) { !($0 is any CreateIceCreamPresentationLogic) }.filter { holding in
        holding.mayBe { $0 == CreateIceCreamView.self || $0 == (any TerminalView).self || $0 is any TerminalView.Type }
            || holding.mayBe { $0 == IceCreamDataStore.self || String(describing: $0).contains("DisplayLogic") }
            || holding.isOpen || holding.isClosure
    }.map(\.description)
}
