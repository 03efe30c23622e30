@testable import TestSupport
@testable import HotspotPortal



/// A form field from two strings.
func field(_ name: String, _ value: String) -> FormField { FormField(name: b(name), value: b(value)) }
