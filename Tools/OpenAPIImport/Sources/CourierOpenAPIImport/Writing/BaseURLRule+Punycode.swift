extension BaseURLRule {
    /// Courier's `Punycode` (RFC 3492), the labels of a host name ``BaseURLRule`` reads: the ASCII
    /// form of a label with other characters, as IDNA writes it after `xn--` (`bücher` is
    /// `xn--bcher-kva`), and the label an `xn--` one stands for.
    enum Punycode {
        private static let base = 36
        private static let tMin = 1
        private static let tMax = 26

        /// The label's ASCII form: itself when it is ASCII, or longer than a DNS label may be (63: no
        /// host has one), else `xn--` and its Punycode.
        static func asciiLabel(_ label: String) -> String {
            guard !label.unicodeScalars.allSatisfy(\.isASCII), label.unicodeScalars.count <= 63 else {
                return label
            }
            return "xn--" + encode(Array(label.unicodeScalars).map { Int($0.value) })
        }

        /// The label `xn--` Punycode stands for (RFC 3492 §6.2), or `nil` when `label` has no `xn--`
        /// prefix, does not decode, or decodes to nothing or to ASCII only, which no encoder writes.
        static func unicodeLabel(_ label: Substring) -> String? {
            guard label.lowercased().hasPrefix("xn--") else { return nil }
            let input = Array(label.dropFirst(4).lowercased().unicodeScalars)
            guard input.allSatisfy(\.isASCII) else { return nil }
            // The basic code points before the last delimiter, when there are any; a delimiter with
            // none before it is read as a digit (RFC 3492 §6.2), which fails.
            let delimiter = input.lastIndex(of: "-").flatMap { $0 > 0 ? $0 : nil }
            var output = delimiter.map { input[..<$0].map { Int($0.value) } } ?? []
            var position = delimiter.map { $0 + 1 } ?? 0
            var codePoint = 0x80
            var index = 0
            var bias = 72
            while position < input.count {
                let previous = index
                var weight = 1
                var k = base
                while true {
                    guard position < input.count, let value = digitValue(input[position]) else { return nil }
                    position += 1
                    let (step, stepOverflow) = value.multipliedReportingOverflow(by: weight)
                    let (sum, overflow) = index.addingReportingOverflow(step)
                    guard !stepOverflow, !overflow, sum / (output.count + 1) < 0x11_0000 else { return nil }
                    index = sum
                    let threshold = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if value < threshold { break }
                    let (nextWeight, weightOverflow) = weight.multipliedReportingOverflow(
                        by: base - threshold)
                    guard !weightOverflow else { return nil }
                    weight = nextWeight
                    k += base
                }
                bias = adapt(index - previous, points: output.count + 1, isFirst: previous == 0)
                codePoint += index / (output.count + 1)
                index %= output.count + 1
                guard codePoint < 0x11_0000 else { return nil }
                output.insert(codePoint, at: index)
                index += 1
            }
            let scalars = output.compactMap(Unicode.Scalar.init)
            guard scalars.count == output.count, scalars.contains(where: { !$0.isASCII }) else { return nil }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            // Only the label's own encoding stands for it (no other spelling of the same code points).
            return asciiLabel(text) == label.lowercased() ? text : nil
        }

        /// The value of a Punycode digit: `a`–`z` are 0–25, `0`–`9` are 26–35.
        private static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
            switch scalar {
            case "a"..."z": Int(scalar.value) - 97
            case "0"..."9": Int(scalar.value) - 22
            default: nil
            }
        }

        /// RFC 3492 §6.3, for code points of one label.
        private static func encode(_ input: [Int]) -> String {
            var output = input.filter { $0 < 0x80 }.map(character)
            let basicCount = output.count
            var handled = basicCount
            if basicCount > 0 { output.append("-") }
            var codePoint = 0x80
            var delta = 0
            var bias = 72
            while handled < input.count {
                let next = input.filter { $0 >= codePoint }.min() ?? codePoint
                delta += (next - codePoint) * (handled + 1)
                codePoint = next
                for value in input {
                    if value < codePoint { delta += 1 }
                    guard value == codePoint else { continue }
                    var remainder = delta
                    var k = base
                    while true {
                        let threshold = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if remainder < threshold { break }
                        output.append(digit(threshold + (remainder - threshold) % (base - threshold)))
                        remainder = (remainder - threshold) / (base - threshold)
                        k += base
                    }
                    output.append(digit(remainder))
                    bias = adapt(delta, points: handled + 1, isFirst: handled == basicCount)
                    delta = 0
                    handled += 1
                }
                delta += 1
                codePoint += 1
            }
            return String(output)
        }

        /// RFC 3492 §6.1.
        private static func adapt(_ delta: Int, points: Int, isFirst: Bool) -> Int {
            var delta = isFirst ? delta / 700 : delta / 2
            delta += delta / points
            var k = 0
            while delta > ((base - tMin) * tMax) / 2 {
                delta /= base - tMin
                k += base
            }
            return k + ((base - tMin + 1) * delta) / (delta + 38)
        }

        private static func digit(_ value: Int) -> Character {
            Character(Unicode.Scalar(UInt8(value < 26 ? 97 + value : 22 + value)))
        }

        private static func character(_ value: Int) -> Character {
            Character(Unicode.Scalar(UInt8(value)))
        }
    }
}
