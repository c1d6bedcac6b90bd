import Testing
import ParallaxLayout
@testable import ParallaxService

@Suite struct JSONParserTests {
    let parser = JSONParser()

    private func parse(_ text: String) -> Result<String, JSONSyntaxError> {
        parser.parse(Array(text.utf8).span) { describe($0) }
    }

    /// Keys of every length 0 to 24 (the word loads take different paths below 4, 8 and 16 bytes
    /// and beyond): each equals itself and no key that differs in one byte or in length, and
    /// `==` with a literal agrees with the key's text.
    @Test func keysCompareByEveryByte() {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        var names: [String] = []
        for n in 0...24 {
            let base = String(decoding: alphabet.prefix(n), as: UTF8.self)
            names.append(base)
            if n > 0 {
                var changed = Array(base.utf8)
                changed[n - 1] = UInt8(ascii: "Z")
                names.append(String(decoding: changed, as: UTF8.self))
            }
            if n > 1 {
                var changed = Array(base.utf8)
                changed[0] = UInt8(ascii: "Z")
                names.append(String(decoding: changed, as: UTF8.self))
            }
        }
        let body = "{" + names.map { "\"\($0)\":0" }.joined(separator: ",") + "}"
        let outcome: Result<Void, JSONSyntaxError> = parser.parse(Array(body.utf8).span) { root in
            var keys: [JSONKey] = []
            root.forEachMemberKey { k, _ in keys.append(k) }
            #expect(keys.map(\.description) == names)
            for (i, a) in keys.enumerated() {
                for (j, b) in keys.enumerated() { #expect((a == b) == (i == j), "\(a) vs \(b)") }
            }
            #expect(keys[names.firstIndex(of: "abcdefghijklmnop")!] == "abcdefghijklmnop")
            #expect(keys[names.firstIndex(of: "abcdefghijklmnopqrstuvwx")!] == "abcdefghijklmnopqrstuvwx")
            #expect(!(keys[names.firstIndex(of: "abcdefghijklmnoZ")!] == "abcdefghijklmnop"))
            #expect(keys[names.firstIndex(of: "abcdefg")!] == "abcdefg" && !(keys[names.firstIndex(of: "abcdefg")!] == "abcdefgh"))
        }
        #expect((try? outcome.get()) != nil)
    }

    /// A name table finds each of its names at its own position, by the hashed slot, and no
    /// other key: names one byte or one length away, other tables' names, keys past 16 bytes.
    @Test func fieldTablesFindTheirNamesAndNothingElse() {
        let table = PagingField.names
        let names = PagingField.allCases.map(\.rawValue)
        var keys = names
        var strangers: [String] = ["", "x", "Viewport", "viewporT", "viewport ", "pag", "pageCounts", "offsetsX",
                                   "decelerationRatE", "decelerationRates", "previousOffsetXYZ", "height", "width", "name"]
        for n in keys { strangers += [String(n.dropLast()), n + "s", "_" + n.dropFirst()] }
        strangers.removeAll { keys.contains($0) }
        keys += strangers
        let body = "{" + keys.map { "\"\($0)\":0" }.joined(separator: ",") + "}"
        let outcome: Result<Void, JSONSyntaxError> = parser.parse(Array(body.utf8).span) { root in
            var i = 0
            root.forEachMemberKey { k, _ in
                #expect(table.index(of: k) == (i < names.count ? i : nil), "\(k)")
                if i < names.count { #expect(table[k] == PagingField.allCases[i]) }
                i += 1
            }
            #expect(i == keys.count)
        }
        #expect((try? outcome.get()) != nil)
    }

    /// Every name table of the API (objects' fields and keywords) maps each raw value to its own
    /// case, as a key and as a string value, and its required fields are the ones reported missing.
    @Test func everyNameTableMapsItsRawValuesToTheirCases() {
        func check<E: JSONNames & Equatable>(_: E.Type) {
            let body = "{" + E.allCases.map { "\"\($0.rawValue)\":\"\($0.rawValue)\"" }.joined(separator: ",") + "}"
            let outcome: Result<Void, JSONSyntaxError> = parser.parse(Array(body.utf8).span) { root in
                var found: [E] = []
                root.forEachMemberKey { k, v in
                    #expect(E.names[k] == E(rawValue: k.description), "\(E.self) \(k)")
                    if let key = v.stringKey, let e = E.names[key] { found.append(e) }
                }
                #expect(found == Array(E.allCases), "\(E.self)")
            }
            #expect((try? outcome.get()) != nil)
        }
        check(PagingField.self); check(LayerField.self); check(MinEffectField.self)
        check(HeaderRequestField.self); check(HeaderField.self)
        check(ScrollField.self); check(ElementField.self); check(EasingField.self)
        check(SizeField.self); check(FrameField.self); check(RangeField.self); check(KeyframesField.self)
        check(Axis.self); check(Direction.self); check(ContentMode.self); check(PagingInput.Include.self)
        check(PagingInput.Fit.self); check(HeaderInput.Mode.self); check(ResponseFormat.self)
        check(KeyframesFormat.self); check(SnapStop.self)
        #expect(PagingField.names.required.map { PagingField.allCases[$0] } == [.viewport, .pageCount])
        #expect(ElementField.names.required.map { ElementField.allCases[$0] } == [.name, .frame])
    }

    private func describe(_ v: JSONValue) -> String {
        switch v.kind {
        case .null: return "null"
        case .bool: return v.bool == true ? "true" : "false"
        case .string: return "s:" + (v.string ?? "?")
        case .number:
            switch v.number {
            case .finite(let d)?: return "n:\(d)"
            case .overflow?: return "overflow"
            case nil: return "?"
            }
        case .array:
            var parts: [String] = []
            v.forEachElement { i, e in parts.append("\(i)=\(describe(e))") }
            return "[" + parts.joined(separator: ",") + "]"
        case .object:
            var parts: [String] = []
            v.forEachMemberKey { k, e in parts.append("\(k)=\(describe(e))") }
            return "{" + parts.joined(separator: ",") + "}"
        }
    }

    @Test func readsEveryKind() throws {
        #expect(try parse(#"{"a":[1,-2,0.5,true,null,"x"],"b":{}}"#).get()
                == "{a=[0=n:1.0,1=n:-2.0,2=n:0.5,3=true,4=null,5=s:x],b={}}")
    }

    @Test func numbersBeyondDoubleAreOverflowNotSyntaxErrors() throws {
        #expect(try parse("[1e999,-1e999,123456789012345678901234567890]").get()
                == "[0=overflow,1=overflow,2=n:1.2345678901234568e+29]")
    }

    @Test func syntaxErrorsCarryTheBytePosition() throws {
        guard case .failure(let e) = parse(#"{"a":1,}"#) else { Issue.record("expected failure"); return }
        #expect(e.position == 6)  // yyjson points at the trailing comma
        guard case .failure(let e2) = parse("") else { Issue.record("expected failure"); return }
        #expect(e2.position == 0)
        guard case .failure(let e3) = parse("{\"a\":NaN}") else { Issue.record("expected failure"); return }
        #expect(e3.position == 5)
    }

    @Test func duplicateKeysAreAllVisited() throws {
        #expect(try parse(#"{"a":1,"a":2}"#).get() == "{a=n:1.0,a=n:2.0}")
    }
}
