import Testing
@testable import TestSupport
@testable import HotspotPortal

@Suite struct HTMLControlTypeTests {
    @Test func inputTypesAnyCaseUnknownIsText() {
        let cases: [(String?, HTMLControlType)] = [
            (nil, .text), ("", .text), (" Hidden ", .hidden), ("PASSWORD", .password), ("email", .email), ("tel", .tel),
            ("number", .number), ("search", .search), ("file", .file), ("checkbox", .checkbox), ("radio", .radio),
            ("submit", .submit), ("image", .image), ("reset", .reset), ("button", .button),
            ("date", .text), ("url", .text), ("hidden2", .text), ("\u{0}hidden", .text),
        ]
        for (type, expected) in cases { #expect(HTMLControlType(inputType: type.map(b)) == expected, "\(String(describing: type))") }
    }

    @Test func buttonTypes() {
        #expect(HTMLControlType(buttonType: nil) == .submit)
        #expect(HTMLControlType(buttonType: b("Reset")) == .reset)
        #expect(HTMLControlType(buttonType: b("button")) == .button)
        #expect(HTMLControlType(buttonType: b("menu")) == .submit)
    }

    @Test func typedFieldsAndNames() {
        let typed: [HTMLControlType] = [.text, .search, .password, .email, .number, .tel, .file]
        let settled: [HTMLControlType] = [.hidden, .checkbox, .radio, .submit, .image, .reset, .button, .select, .textarea]
        #expect(typed.allSatisfy(\.isTyped) && !settled.contains(where: \.isTyped))
        #expect((typed + settled).map(\.description) ==
                ["text", "search", "password", "email", "number", "tel", "file", "hidden", "checkbox", "radio", "submit",
                 "image", "reset", "button", "select", "textarea"])
    }
}
