import Foundation

@testable import KataCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the compiler resolved while it built KataCore, read from the index it writes as it builds
/// (where the build's plan says) through the toolchain's libIndexStore: for each source
/// file, the declarations it defines and the ones it refers to, each by its USR. A reading of
/// the text can miss a use (a member added by an extension, an initializer, a subscript); the
/// index names what each use is.
struct CompilerIndex {
    /// The file that defines each declaration.
    var definedIn: [String: String] = [:]
    /// Each declaration's name, as the index gives it (`init(probe:)`, `commands`).
    var names: [String: String] = [:]
    /// The declarations each file refers to.
    var references: [String: Set<String>] = [:]

    /// Why the index cannot be read.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// The index of the module `module`, for the source files that still exist (a moved file
    /// leaves its old unit behind).
    init(module: String, store: URL, library: URL) throws {
        guard let handle = dlopen(library.path, RTLD_NOW) else {
            throw Unavailable(description: "cannot load \(library.path)")
        }
        let api = try API(handle)
        guard let index = api.storeCreate(store.path, nil) else {
            throw Unavailable(description: "cannot open the index store \(store.path)")
        }
        let reading = Reading(api: api)
        let context = Unmanaged.passUnretained(reading).toOpaque()
        _ = api.unitsApply(index, 0, context) { context, name in
            Unmanaged<Reading>.fromOpaque(context!).takeUnretainedValue().units.append(CompilerIndex.string(name))
            return true
        }
        for unit in reading.units {
            guard let reader = api.unitReaderCreate(index, unit, nil),
                CompilerIndex.string(api.unitModuleName(reader)) == module
            else { continue }
            let file = CompilerIndex.string(api.unitMainFile(reader))
            guard FileManager.default.fileExists(atPath: file) else { continue }
            reading.records = []
            _ = api.dependenciesApply(reader, context) { context, dependency in
                let reading = Unmanaged<Reading>.fromOpaque(context!).takeUnretainedValue()
                // A record: the occurrences of one source file.
                if reading.api.dependencyKind(dependency!) == 2 {
                    reading.records.append(CompilerIndex.string(reading.api.dependencyName(dependency!)))
                }
                return true
            }
            for record in Set(reading.records) {
                guard let recordReader = api.recordReaderCreate(index, record, nil) else { continue }
                reading.occurrences = []
                _ = api.occurrencesApply(recordReader, context) { context, occurrence in
                    let reading = Unmanaged<Reading>.fromOpaque(context!).takeUnretainedValue()
                    guard let symbol = reading.api.occurrenceSymbol(occurrence!) else { return true }
                    let usr = CompilerIndex.string(reading.api.symbolUSR(symbol))
                    let name = CompilerIndex.string(reading.api.symbolName(symbol))
                    reading.occurrences.append((usr, name, reading.api.occurrenceRoles(occurrence!)))
                    return true
                }
                for (usr, name, roles) in reading.occurrences {
                    // Declaration or definition, and not a reference to something declared elsewhere.
                    if roles & 0b11 != 0, roles & 0b100 == 0 { (definedIn[usr], names[usr]) = (file, name) }
                    if roles & 0b100 != 0 { references[file, default: []].insert(usr) }
                }
            }
        }
    }

    /// The C API, with `iovec` (a pointer and a length, as C lays them out) standing for
    /// `indexstore_string_ref_t`, which has the same two fields.
    struct API {
        typealias Applier = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Bool
        typealias NameApplier = @convention(c) (UnsafeMutableRawPointer?, iovec) -> Bool
        let storeCreate: @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<OpaquePointer?>?) -> OpaquePointer?
        let unitsApply: @convention(c) (OpaquePointer, UInt32, UnsafeMutableRawPointer?, NameApplier) -> Bool
        let unitReaderCreate:
            @convention(c) (OpaquePointer, UnsafePointer<CChar>, UnsafeMutablePointer<OpaquePointer?>?) ->
                OpaquePointer?
        let unitMainFile: @convention(c) (OpaquePointer) -> iovec
        let unitModuleName: @convention(c) (OpaquePointer) -> iovec
        let dependenciesApply: @convention(c) (OpaquePointer, UnsafeMutableRawPointer?, Applier) -> Bool
        let dependencyKind: @convention(c) (OpaquePointer) -> UInt32
        let dependencyName: @convention(c) (OpaquePointer) -> iovec
        let recordReaderCreate:
            @convention(c) (OpaquePointer, UnsafePointer<CChar>, UnsafeMutablePointer<OpaquePointer?>?) ->
                OpaquePointer?
        let occurrencesApply: @convention(c) (OpaquePointer, UnsafeMutableRawPointer?, Applier) -> Bool
        let occurrenceSymbol: @convention(c) (OpaquePointer) -> OpaquePointer?
        let occurrenceRoles: @convention(c) (OpaquePointer) -> UInt64
        let symbolUSR: @convention(c) (OpaquePointer) -> iovec
        let symbolName: @convention(c) (OpaquePointer) -> iovec

        init(_ handle: UnsafeMutableRawPointer) throws {
            func load<Function>(_ name: String, as type: Function.Type) throws -> Function {
                guard let symbol = dlsym(handle, name) else {
                    throw Unavailable(description: "libIndexStore has no \(name)")
                }
                return unsafeBitCast(symbol, to: type)
            }
            storeCreate = try load("indexstore_store_create", as: type(of: storeCreate))
            unitsApply = try load("indexstore_store_units_apply_f", as: type(of: unitsApply))
            unitReaderCreate = try load("indexstore_unit_reader_create", as: type(of: unitReaderCreate))
            unitMainFile = try load("indexstore_unit_reader_get_main_file", as: type(of: unitMainFile))
            unitModuleName = try load("indexstore_unit_reader_get_module_name", as: type(of: unitModuleName))
            dependenciesApply = try load("indexstore_unit_reader_dependencies_apply_f", as: type(of: dependenciesApply))
            dependencyKind = try load("indexstore_unit_dependency_get_kind", as: type(of: dependencyKind))
            dependencyName = try load("indexstore_unit_dependency_get_name", as: type(of: dependencyName))
            recordReaderCreate = try load("indexstore_record_reader_create", as: type(of: recordReaderCreate))
            occurrencesApply = try load("indexstore_record_reader_occurrences_apply_f", as: type(of: occurrencesApply))
            occurrenceSymbol = try load("indexstore_occurrence_get_symbol", as: type(of: occurrenceSymbol))
            occurrenceRoles = try load("indexstore_occurrence_get_roles", as: type(of: occurrenceRoles))
            symbolUSR = try load("indexstore_symbol_get_usr", as: type(of: symbolUSR))
            symbolName = try load("indexstore_symbol_get_name", as: type(of: symbolName))
        }
    }

    /// What the C callbacks fill in, handed to them as their context.
    final class Reading {
        let api: API
        init(api: API) { self.api = api }
        var units: [String] = []
        var records: [String] = []
        var occurrences: [(usr: String, name: String, roles: UInt64)] = []
    }

    static func string(_ reference: iovec) -> String {
        guard let base = reference.iov_base else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: base, count: reference.iov_len), as: UTF8.self)
    }
}
