import KataCore
print("kata \(KataVersion.current)")
