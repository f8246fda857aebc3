import FlyingFox
import Dispatch
import FoundationEssentials
import Glibc
import LogoMask

/// Every request of the preview server, routed by hand so that `/files/` sees the path exactly
/// as sent (percent-encoded) and refuses what leaves the project folder.
///
/// - `GET /`: the page (``PreviewPage``); `GET /state.json`: the state;
/// - `GET /reveal/VERSION/INDEX.html`: a screen's exported reveal page;
/// - `GET /events`: a WebSocket sending the revision on every reload;
/// - `GET /files/PATH`: a file of the project folder (403 outside it);
/// - `POST /config` `{"key": K, "value": V}`: sets one of the controls' keys in the file.
struct PreviewHandler: HTTPHandler {
    let session: PreviewSession

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let raw = request.target.path(percentEncoded: true)
        switch (request.method, raw) {
        case (.GET, "/"), (.GET, "/index.html"):
            return Self.response(.ok, "text/html; charset=utf-8", Array(PreviewPage.html.utf8))
        case (.GET, "/state.json"):
            return Self.response(.ok, "application/json", session.stateJSON())
        case (.GET, "/events"):
            return try await WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: PreviewEvents(session: session)))
                .handleRequest(request)
        case (.POST, "/config"):
            return configure(try await request.bodyData)
        case (.GET, _) where raw.hasPrefix("/reveal/"):
            let name = raw.split(separator: "/").last.map(String.init) ?? ""
            guard name.hasSuffix(".html"), let index = Int(name.dropLast(5)) else { return Self.text(.notFound, "no such screen") }
            // Made on a thread of its own: a page takes long enough in a debug build to starve
            // the two-thread cooperative pool the other requests (the state, the events) need.
            let made = await withCheckedContinuation { (continuation: CheckedContinuation<Result<String?, LogoMaskError>, Never>) in
                DispatchQueue.global().async {
                    continuation.resume(returning: Result { () throws(LogoMaskError) in try session.revealPage(index) })
                }
            }
            let page: String?
            switch made {
            case .success(let text): page = text
            case .failure(let error): return Self.text(.internalServerError, error.description)
            }
            guard let page else { return Self.text(.notFound, "no such screen") }
            return Self.response(.ok, "text/html; charset=utf-8", Array(page.utf8))
        case (.GET, _) where raw.hasPrefix("/files/"):
            guard let path = PreviewPath.resolve(String(raw.dropFirst("/files/".count)), under: session.root),
                  let data = FileManager.default.contents(atPath: path) else {
                return Self.text(.forbidden, "only files inside \(session.root) are served")
            }
            return Self.response(.ok, "application/octet-stream", Array(data))
        default:
            return Self.text(raw.contains("..") || raw.lowercased().contains("%2e") ? .forbidden : .notFound, "not found")
        }
    }

    private func configure(_ body: Data) -> HTTPResponse {
        struct Change: Decodable { var key: String; var value: String }
        guard let configurationPath = session.configurationPath else {
            return Self.text(.conflict, "no configuration file to change: run logo-mask init LOGO, then preview logo-mask.yml")
        }
        guard let change = try? JSONDecoder().decode(Change.self, from: body) else {
            return Self.text(.badRequest, "send {\"key\": ..., \"value\": ...}")
        }
        do throws(LogoMaskError) {
            try ConfigurationEditor.set(change.key, to: change.value, inFileAt: configurationPath)
            return Self.text(.ok, "saved")
        } catch {
            return Self.text(.badRequest, error.description)
        }
    }

    private static func response(_ status: HTTPStatusCode, _ type: String, _ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: type, .cacheControl: "no-store"], body: Data(bytes))
    }

    private static func text(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
        response(status, "text/plain; charset=utf-8", Array((text + "\n").utf8))
    }
}

/// The `/events` WebSocket: the revision as text on every reload.
struct PreviewEvents: WSMessageHandler {
    let session: PreviewSession

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let revisions = session.listen()
        return AsyncStream { continuation in
            let task = Task {
                for await revision in revisions { continuation.yield(.text(String(revision))) }
                continuation.finish()
            }
            // The page going away ends the client's stream.
            let watcher = Task {
                for await _ in client {}
                task.cancel()
                continuation.finish()
            }
            continuation.onTermination = { _ in
                task.cancel()
                watcher.cancel()
            }
        }
    }
}
