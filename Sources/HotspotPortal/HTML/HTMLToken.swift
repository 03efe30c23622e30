/// What `HTMLScanner` reads from a page.
public enum HTMLToken: Equatable, Sendable {
    case startTag(HTMLTag)
    /// An end tag's name, in lowercase.
    case endTag([UInt8])
    /// Text between tags with character references decoded; CDATA sections come as text, undecoded.
    /// The content of `<title>` and `<textarea>` is text too, never tags.
    case text([UInt8])
    /// The content of `<script>` or `<style>`, exactly as written: never tags, never decoded.
    case rawText([UInt8])
    /// The text between `<!--` and `-->`, as written (WISPr XML hides in one).
    case comment([UInt8])
}
