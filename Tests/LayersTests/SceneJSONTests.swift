// The strict JSON parser: values, booleans distinct from numbers, escapes,
// syntax errors with line:column, and the nesting guard.

import XCTest
@testable import Layers

final class SceneJSONTests: XCTestCase {
    private func parse(_ s: String) throws -> JSONValue { try JSONParser.parse(Array(s.utf8)) }

    private func assertSyntaxError(_ s: String, line: Int, column: Int, contains: String,
                                   file: StaticString = #filePath, fileLine: UInt = #line) {
        XCTAssertThrowsError(try parse(s), file: file, line: fileLine) { e in
            guard let e = e as? JSONSyntaxError else { return XCTFail("\(e)", file: file, line: fileLine) }
            XCTAssertEqual(e.line, line, e.description, file: file, line: fileLine)
            XCTAssertEqual(e.column, column, e.description, file: file, line: fileLine)
            XCTAssertTrue(e.message.contains(contains), e.message, file: file, line: fileLine)
        }
    }

    func testValues() throws {
        guard case .object(let m) = try parse(#" {"b": true, "n": 1, "z": -0.5e2, "s": "x\"\u00e9\ud83d\ude00\n", "a": [null, false]} "#) else {
            return XCTFail("not an object")
        }
        XCTAssertEqual(m.map(\.key), ["b", "n", "z", "s", "a"])  // file order kept
        guard case .bool(true) = m[0].value, case .number(1) = m[1].value, case .number(-50) = m[2].value,
              case .string(let s) = m[3].value, case .array(let a) = m[4].value else {
            return XCTFail("\(m)")
        }
        XCTAssertEqual(s, "x\"é😀\n")
        guard case .null = a[0], case .bool(false) = a[1] else { return XCTFail("\(a)") }
        guard case .number(let big) = try parse("1e999") else { return XCTFail() }
        XCTAssertEqual(big, .infinity)  // kept for the key-path error
        guard case .string = try parse("\u{FEFF}\"bom\"") else { return XCTFail() }
    }

    func testSyntaxErrorsHaveLineAndColumn() {
        assertSyntaxError("{\n  \"a\": 1,\n  \"b\" 2\n}", line: 3, column: 7, contains: "expected ':'")
        assertSyntaxError("{\"a\": 1,}", line: 1, column: 9, contains: "expected a key")
        assertSyntaxError("[1, 2", line: 1, column: 6, contains: "expected ',' or ']'")
        assertSyntaxError("{\"a\": NaN}", line: 1, column: 7, contains: "NaN and Infinity are not JSON")
        assertSyntaxError("[01]", line: 1, column: 3, contains: "leading zeros")
        assertSyntaxError("[1.]", line: 1, column: 4, contains: "digit after '.'")
        assertSyntaxError("[tru]", line: 1, column: 2, contains: "invalid literal")
        assertSyntaxError("\"é\nx", line: 1, column: 3, contains: "control character")
        assertSyntaxError("\"abc", line: 1, column: 1, contains: "unterminated string")
        assertSyntaxError("[\"\\x\"]", line: 1, column: 3, contains: "invalid escape")
        assertSyntaxError("\"\\ud800\"", line: 1, column: 8, contains: "unpaired surrogate")
        assertSyntaxError("{} x", line: 1, column: 4, contains: "after the end")
        assertSyntaxError("", line: 1, column: 1, contains: "empty")
        assertSyntaxError("// comment\n{}", line: 1, column: 1, contains: "expected a value")
    }

    func testInvalidUTF8() {
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xFF, 0x22])) { e in
            XCTAssertTrue("\(e)".contains("UTF-8"))
        }
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        assertSyntaxError(deep, line: 1, column: 513, contains: "nest deeper than 512 levels")
        let objects = String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 600)
        XCTAssertThrowsError(try parse(objects))
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        XCTAssertNoThrow(try parse(ok))
    }

    func testSceneReportsSyntaxErrorsWithPosition() {
        assertSceneError("{\n \"canvas\": {\"width\": 10,, \"height\": 10}\n}", keyPath: "",
                         contains: "invalid JSON at line 2, column 25: expected a key")
        XCTAssertThrowsError(try parseScene(String(repeating: "[", count: 10_000)))
    }
}
