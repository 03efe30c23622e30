/// Test shorthand: the UTF-8 bytes of a string.
public func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
