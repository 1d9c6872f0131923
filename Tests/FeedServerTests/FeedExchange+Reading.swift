import HTTPTypes

@testable import FeedServer

// What the tests read of requests and responses, by the names the RFCs give the fields.

extension FeedRequest {
    /// A request with the method named as sent (`GET`, `PROPFIND`).
    init(method: String, path: String) {
        self.init(method: HTTPRequest.Method(method)!, path: path)
    }

    var ifNoneMatch: String? {
        get { headerFields[.ifNoneMatch] }
        set { headerFields[.ifNoneMatch] = newValue }
    }

    var ifModifiedSince: String? {
        get { headerFields[.ifModifiedSince] }
        set { headerFields[.ifModifiedSince] = newValue }
    }

    var acceptEncoding: String? {
        get { headerFields[.acceptEncoding] }
        set { headerFields[.acceptEncoding] = newValue }
    }
}

extension FeedResponse {
    /// The value of a header field, by name in any case.
    func header(_ name: String) -> String? {
        headerFields[HTTPField.Name(name)!]
    }
}
