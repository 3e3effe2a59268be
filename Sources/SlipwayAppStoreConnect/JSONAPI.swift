import Foundation

/// The JSON:API documents App Store Connect answers with, as far as Slipway reads them.
public enum JSONAPI {
    public struct Resource<Attributes: Decodable & Sendable>: Decodable, Sendable {
        public var type: String
        public var id: String
        public var attributes: Attributes?
    }

    /// `{"data": [...], "links": {"next": ...}}`
    public struct List<Attributes: Decodable & Sendable>: Decodable, Sendable {
        public var data: [Resource<Attributes>]
        public var links: Links?
    }

    /// `{"data": {...}}`
    public struct Single<Attributes: Decodable & Sendable>: Decodable, Sendable {
        public var data: Resource<Attributes>
    }

    public struct Links: Decodable, Sendable {
        public var next: String?
    }

    /// `{"errors": [{"status", "code", "title", "detail"}]}`
    public struct Errors: Decodable, Sendable {
        public struct Item: Decodable, Sendable {
            public var status: String?
            public var code: String?
            public var title: String?
            public var detail: String?
        }
        public var errors: [Item]

        /// Every item's `detail` (else its `title`), joined: Apple's own words about what was wrong.
        public var text: String {
            let parts = errors.compactMap { $0.detail ?? $0.title }
            return parts.isEmpty ? "no detail given" : parts.joined(separator: "; ")
        }
    }

    /// Attributes Slipway does not read.
    public struct None: Decodable, Sendable {}
}

/// `apps` attributes.
public struct AppAttributes: Decodable, Sendable {
    public var bundleId: String?
    public var name: String?
}

/// `builds` attributes: `version` is the build number (CFBundleVersion).
public struct BuildAttributes: Decodable, Sendable {
    public var version: String?
    public var processingState: String?
    public var uploadedDate: String?
}

/// `buildUploads` attributes: the upload's own state and Apple's findings.
public struct BuildUploadAttributes: Decodable, Sendable {
    public struct State: Decodable, Sendable {
        public struct Detail: Decodable, Sendable {
            public var code: String?
            public var description: String?
        }
        public var state: String?
        public var errors: [Detail]?
    }
    public var cfBundleShortVersionString: String?
    public var cfBundleVersion: String?
    public var state: State?
}

/// `buildUploadFiles` attributes: where and how to send the bytes.
public struct BuildUploadFileAttributes: Decodable, Sendable {
    public var fileName: String?
    public var fileSize: Int64?
    public var uploadOperations: [UploadOperation]?
}

/// One part of an upload: send `length` bytes from `offset` with `method` to `url`, with these headers.
public struct UploadOperation: Decodable, Sendable, Equatable {
    public struct Header: Decodable, Sendable, Equatable {
        public var name: String
        public var value: String
    }
    public var method: String
    public var url: String
    public var length: Int64
    public var offset: Int64
    public var requestHeaders: [Header]?
}

public struct BetaGroupAttributes: Decodable, Sendable {
    public var name: String?
}

public struct BetaBuildLocalizationAttributes: Decodable, Sendable {
    public var locale: String?
    public var whatsNew: String?
}
