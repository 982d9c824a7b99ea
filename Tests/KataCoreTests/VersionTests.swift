import Testing
@testable import KataCore
@Test func version() { #expect(!KataVersion.current.isEmpty) }
