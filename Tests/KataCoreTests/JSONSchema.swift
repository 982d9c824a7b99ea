import Foundation

/// Validates JSON against the JSON Schema files in docs/schema, so the tests read real
/// output against the same description users read. It knows the keywords those files use
/// (type, const, enum, required, properties, additionalProperties, items, minimum, maximum,
/// pattern, minLength, $ref to $defs) and fails on any other, so a schema cannot quietly outgrow it.
struct JSONSchema {
    let root: [String: Any]

    static let known: Set<String> = [
        "$schema", "$id", "title", "description", "$defs", "type", "const", "enum", "required", "properties",
        "additionalProperties", "items", "minimum", "maximum", "pattern", "$ref", "minLength",
    ]

    init(file name: String) throws {
        let url = RealKit.root.appendingPathComponent("docs/schema/\(name)")
        guard let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        self.root = root
    }

    /// Every way `value` departs from the schema, as `path: problem`; empty when it is valid.
    func problems(in value: Any) -> [String] {
        var problems: [String] = []
        check(value, against: root, at: "$", into: &problems)
        return problems
    }

    /// The problems of a JSON text.
    func problems(inJSON data: Data) -> [String] {
        guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return ["$: not JSON"]
        }
        return problems(in: value)
    }

    private func check(_ value: Any, against schema: [String: Any], at path: String, into problems: inout [String]) {
        for keyword in schema.keys where !Self.known.contains(keyword) {
            problems.append("\(path): the schema uses \(keyword), which this validator does not know")
        }
        if let reference = schema["$ref"] as? String {
            let name = String(reference.dropFirst("#/$defs/".count))
            guard let definitions = root["$defs"] as? [String: Any], let target = definitions[name] as? [String: Any]
            else {
                problems.append("\(path): unknown $ref \(reference)")
                return
            }
            check(value, against: target, at: path, into: &problems)
        }
        if let types = schema["type"] {
            let allowed = (types as? [String]) ?? [types as? String ?? ""]
            if !allowed.contains(where: { Self.matches(value, type: $0) }) {
                problems.append("\(path): \(Self.describe(value)) is not \(allowed.joined(separator: " or "))")
                return
            }
        }
        if let constant = schema["const"], !Self.equal(value, constant) {
            problems.append("\(path): \(Self.describe(value)) is not \(constant)")
        }
        if let choices = schema["enum"] as? [Any], !choices.contains(where: { Self.equal(value, $0) }) {
            problems.append("\(path): \(Self.describe(value)) is not one of \(choices)")
        }
        if let number = value as? NSNumber, !Self.isBoolean(value) {
            if let minimum = schema["minimum"] as? Double, number.doubleValue < minimum {
                problems.append("\(path): \(number) is below \(minimum)")
            }
            if let maximum = schema["maximum"] as? Double, number.doubleValue > maximum {
                problems.append("\(path): \(number) is above \(maximum)")
            }
        }
        if let text = value as? String, let minimum = schema["minLength"] as? Int, text.count < minimum {
            problems.append("\(path): \"\(text)\" is shorter than \(minimum)")
        }
        if let text = value as? String, let pattern = schema["pattern"] as? String,
            text.range(of: pattern, options: .regularExpression) == nil
        {
            problems.append("\(path): \"\(text)\" does not match \(pattern)")
        }
        if let object = value as? [String: Any] {
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                problems.append("\(path): \(key) is missing")
            }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (key, member) in object {
                if let property = properties[key] as? [String: Any] {
                    check(member, against: property, at: "\(path).\(key)", into: &problems)
                } else if (schema["additionalProperties"] as? Bool) == false {
                    problems.append("\(path): \(key) is not a field the schema has")
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, element) in array.enumerated() {
                check(element, against: items, at: "\(path)[\(index)]", into: &problems)
            }
        }
    }

    private static func isBoolean(_ value: Any) -> Bool {
        // JSONSerialization reads true and false as NSNumbers of type "c" (char).
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    private static func matches(_ value: Any, type: String) -> Bool {
        switch type {
        case "null": return value is NSNull
        case "boolean": return isBoolean(value)
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "integer":
            guard let number = value as? NSNumber, !isBoolean(value) else { return false }
            return number.doubleValue.rounded() == number.doubleValue
        case "number": return value is NSNumber && !isBoolean(value)
        default: return false
        }
    }

    private static func equal(_ a: Any, _ b: Any) -> Bool {
        if let a = a as? String, let b = b as? String { return a == b }
        if isBoolean(a) != isBoolean(b) { return false }
        if let a = a as? NSNumber, let b = b as? NSNumber { return a == b }
        return false
    }

    private static func describe(_ value: Any) -> String {
        if let text = value as? String { return "\"\(text)\"" }
        return "\(value)"
    }
}
