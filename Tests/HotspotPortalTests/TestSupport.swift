@testable import HotspotPortal

/// Test shorthand: the UTF-8 bytes of a string.
func b(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Bytes as text for readable failures.
func s(_ bytes: [UInt8]?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

/// A form field from two strings.
func field(_ name: String, _ value: String) -> FormField { FormField(name: b(name), value: b(value)) }
