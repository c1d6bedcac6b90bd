/// The request method. The common ones are cases so routing never compares strings.
public enum HTTPMethod: Equatable, Sendable {
    case get, head, post, put, delete, options, patch
    case other(String)
}
