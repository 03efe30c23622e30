/// A JSON number without floating point (Embedded Swift prints and parses doubles poorly, and hotspotd only
/// needs counts): the integer digits with their sign, and whether a fraction or an exponent followed.
public struct JSONNumber: Equatable, Sendable {
    /// The digits before any `.` or exponent, with the sign; nil when they do not fit in an Int64.
    public var integerPart: Int64?
    public var hasFraction: Bool
    public var hasExponent: Bool

    public init(integerPart: Int64?, hasFraction: Bool = false, hasExponent: Bool = false) {
        self.integerPart = integerPart
        self.hasFraction = hasFraction
        self.hasExponent = hasExponent
    }

    /// The value when it is a whole number written without fraction or exponent.
    public var integer: Int64? { hasFraction || hasExponent ? nil : integerPart }
}
