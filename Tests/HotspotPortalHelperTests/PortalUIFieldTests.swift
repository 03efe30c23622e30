import Testing
import HotspotProtocol
@testable import HotspotPortalHelper
@testable import TestSupport
@testable import HotspotPortal

@Suite struct PortalUIFieldTests {
    func visible(_ name: String, _ label: String = "", _ type: HTMLControlType = .text) -> VisibleField {
        VisibleField(name: b(name), label: b(label), type: type)
    }

    /// Names that fit the helper protocol are kept; others become fieldN after their place in the form.
    @Test func namesFitTheHelperProtocol() {
        let fields = PortalUIField.fields(for: [
            visible("room", "Room number"), visible("last-name", "Last name"), visible("user[pin]", "PIN", .password),
            visible(String(repeating: "a", count: 33)), visible("ROOM", "again"),
        ])
        #expect(fields.map(\.name) == ["room", "field2", "field3", "field4", "field5"])
        #expect(fields.map { s($0.formName) } == ["room", "last-name", "user[pin]", String(repeating: "a", count: 33), "ROOM"])
        #expect(fields.map(\.isSecret) == [false, false, true, false, false])
        #expect(fields[1].environmentName == "HOTSPOT_UI_FIELD2")
        #expect(fields[0].environmentName == "HOTSPOT_UI_ROOM")
        // Every name valid and unique ignoring case, as HelperOutput demands.
        let upper = fields.map { $0.name.uppercased() }
        #expect(Set(upper).count == upper.count)
        #expect(fields.allSatisfy { HelperProtocol.isFieldName(Array($0.name.utf8)[...]) })
    }

    /// A form field literally named like a generated name does not collide with it.
    @Test func generatedNamesAvoidTheFormsOwn() {
        let fields = PortalUIField.fields(for: [visible("field2"), visible("a b")])
        #expect(fields.map(\.name) == ["field2", "field2_"])
    }

    /// Labels are one printable line, cut; at most 16 fields, as the helper protocol allows.
    @Test func labelsArePrintableAndFieldsCapped() {
        let fields = PortalUIField.fields(for: [visible("a", "Line\none\t\u{1b}[31m")] + (1...20).map { visible("f\($0)") })
        #expect(fields[0].label == "Line?one??[31m")
        #expect(fields.count == HelperProtocol.maxUIFields)
        let long = PortalUIField.fields(for: [visible("a", String(repeating: "é", count: 100))])
        #expect(long[0].label.utf8.count <= PortalUIField.labelLimit + 2)
    }
}
