// Compositor: the executors the library can open, in one table, and the
// `--backend` choice over them. `auto` tries them in table order and falls
// back to the next with a warning when one cannot open (no EGL device), so a
// plain machine still renders. Adding an executor: its own target (folder)
// with a `PlanExecutor` conformance and a registration, plus one line in
// `Executors.all` (and its target in Package.swift's Compositor dependencies).

import GLES
import Raster

/// Every executor the library can open.
public enum Executors {
    /// The registered executors; `auto` tries them in this order.
    public static let all: [ExecutorRegistration] = [
        GLESExecutor.registration,
        CPUExecutor.registration,
    ]

    /// The registration named `name`, nil when there is none.
    public static func registration(named name: String) -> ExecutorRegistration? {
        all.first { $0.name == name }
    }

    /// Opens the executor for `choice`; `warn` receives the fallback warning for `auto`.
    public static func open(_ choice: BackendChoice, settings: ExecutorSettings = ExecutorSettings(),
                            warn: (String) -> Void = { _ in }) throws -> any PlanExecutor {
        if let r = registration(named: choice.rawValue) { return try r.open(settings) }
        var lastError: Error?
        for (i, r) in all.enumerated() {
            do {
                return try r.open(settings)
            } catch {
                lastError = error
                if i + 1 < all.count {
                    warn("warning: the \(r.name) backend is unavailable (\(error)); rendering on the \(all[i + 1].name) backend")
                }
            }
        }
        throw lastError ?? BackendChoice.NoExecutor()
    }
}

/// The executor choice of `--backend`: a registered executor's name, or `auto`.
public struct BackendChoice: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    public let rawValue: String
    /// A registered executor's name or "auto"; nil otherwise.
    public init?(rawValue: String) {
        guard rawValue == "auto" || Executors.registration(named: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }
    private init(known: String) { rawValue = known }

    public static let gpu = BackendChoice(known: "gpu")
    public static let cpu = BackendChoice(known: "cpu")
    /// The first registered executor that opens.
    public static let auto = BackendChoice(known: "auto")
    /// Every registered executor, then `auto`.
    public static var allCases: [BackendChoice] { Executors.all.map { BackendChoice(known: $0.name) } + [.auto] }
    public var description: String { rawValue }

    /// No executor is registered.
    struct NoExecutor: Error, CustomStringConvertible {
        var description: String { "no executor is registered" }
    }
}

extension PlanExecutor where Self == CPUExecutor {
    /// The CPU reference executor (`Renderer(executor: .cpu(CPUExecutor()))`).
    public static func cpu(_ e: CPUExecutor) -> CPUExecutor { e }
}

extension PlanExecutor where Self == GLESExecutor {
    /// The GLES executor (`Renderer(executor: .gpu(gles))`).
    public static func gpu(_ e: GLESExecutor) -> GLESExecutor { e }
}
