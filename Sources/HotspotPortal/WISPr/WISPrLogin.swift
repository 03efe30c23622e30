/// The WISPr 1.0 smart-client login: the fields to POST to a Redirect's `LoginURL`.
public enum WISPrLogin {
    /// `UserName`, `Password`, `button=Login`, `FNAME=0` and `OriginatingServer` (the probe URL), as
    /// ConnMan and travelmate's Telekom script send them.
    public static func formFields(user: [UInt8], password: [UInt8], originatingServer: [UInt8]) -> [FormField] {
        [FormField(name: Array("UserName".utf8), value: user),
         FormField(name: Array("Password".utf8), value: password),
         FormField(name: Array("button".utf8), value: Array("Login".utf8)),
         FormField(name: Array("FNAME".utf8), value: [UInt8(ascii: "0")]),
         FormField(name: Array("OriginatingServer".utf8), value: originatingServer)]
    }
}
