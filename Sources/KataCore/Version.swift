public enum KataVersion { public static let current = "0.1.0" }
