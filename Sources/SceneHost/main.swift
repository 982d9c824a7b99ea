// Shows one step's app in the terminal: `kata run N` builds this with KATA_STEP=N and
// KATA_SCENE=1, which adds it to the package with that step's module and the flag below.
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if KATA_STEP_1
    @testable import Step01Starter
#elseif KATA_STEP_2
    @testable import Step02Model
#elseif KATA_STEP_3
    @testable import Step03Interactor
#elseif KATA_STEP_4
    @testable import Step04Presenter
#elseif KATA_STEP_5
    @testable import Step05Configurator
#elseif KATA_STEP_6
    @testable import Step06Router
#elseif KATA_STEP_7
    @testable import Step07Worker
#elseif KATA_STEP_8
    @testable import Step08Migrate
#elseif KATA_STEP_9
    // A lesson of suites has no module of the learner's: its app is the given scene it tests.
    @testable import RecentOrders
#endif

// The app starts where the lesson's ContentView says, as the tutorial's app does.
let app = TerminalApp(root: ContentView().body)
let status = await app.run()
if status != 0 { exit(status) }
