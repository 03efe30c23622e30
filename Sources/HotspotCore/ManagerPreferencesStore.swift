/// NEHotspotManager's load / save / remove life cycle over whatever the driver keeps on flash: nothing can
/// be saved or removed before a load, and nothing invalid is ever saved.
public struct ManagerPreferencesStore: Hashable, Sendable {
    public private(set) var isLoaded = false
    /// What the store holds; nil when nothing was saved (or it was removed).
    public private(set) var stored: ManagerPreferences?

    public init() {}

    /// After reading the configuration: `stored` is nil when it holds no preferences.
    public mutating func load(_ stored: ManagerPreferences?) {
        self.stored = stored
        isLoaded = true
    }

    /// The preferences in effect: the stored ones, or the defaults.
    public func current() throws(ManagerPreferencesError) -> ManagerPreferences {
        guard isLoaded else { throw .configurationNotLoaded }
        return stored ?? ManagerPreferences()
    }

    public mutating func save(_ preferences: ManagerPreferences,
                              helpers: [HelperDescriptor]) throws(ManagerPreferencesError) {
        guard isLoaded else { throw .configurationNotLoaded }
        try preferences.validate(helpers: helpers)
        stored = preferences
    }

    public mutating func remove() throws(ManagerPreferencesError) {
        guard isLoaded else { throw .configurationNotLoaded }
        stored = nil
    }
}
