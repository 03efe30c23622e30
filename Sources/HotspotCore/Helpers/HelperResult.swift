/// What a helper answers (Apple's NEHotspotHelperResult). Raw values are the words in helper output.
public enum HelperResult: String, CaseIterable, Hashable, Sendable {
    case success, failure, uiRequired, commandNotRecognized, authenticationRequired, unsupportedNetwork,
         temporaryFailure
}
