/// Test shorthand: the UTF-8 bytes of a string.
public func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Test shorthand: the UTF-8 bytes of a string.
public func b(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Bytes as text for readable failures.
public func s(_ bytes: [UInt8]?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
