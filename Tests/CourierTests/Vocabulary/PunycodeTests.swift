import Testing

@testable import Courier

/// RFC 3492 §7.1's samples, each decoded from its label and encoded back to it.
@Suite struct PunycodeTests {
    @Test(arguments: [
        (
            "xn--egbpdaj6bu4bxfgehfvwxn",
            "\u{0644}\u{064A}\u{0647}\u{0645}\u{0627}\u{0628}\u{062A}\u{0643}\u{0644}\u{0645}\u{0648}\u{0634}\u{0639}\u{0631}\u{0628}\u{064A}\u{061F}"
        ),
        (
            "xn--ihqwcrb4cv8a8dqg056pqjye",
            "\u{4ED6}\u{4EEC}\u{4E3A}\u{4EC0}\u{4E48}\u{4E0D}\u{8BF4}\u{4E2D}\u{6587}"
        ),
        ("xn--proprostnemluvesky-uyb24dma41a", "pro\u{010D}prost\u{011B}nemluv\u{00ED}\u{010D}esky"),
        ("xn--3b-ww4c5e180e575a65lsy2b", "3\u{5E74}b\u{7D44}\u{91D1}\u{516B}\u{5148}\u{751F}"),
        ("xn--bcher-kva", "b\u{00FC}cher"),
    ])
    func aLabelDecodesAndEncodesBack(label: String, text: String) {
        #expect(Punycode.unicodeLabel(label[...]) == text)
        #expect(Punycode.asciiLabel(text) == label)
    }

    @Test(arguments: [
        "xn--", "xn--a-", "xn--ab-", "xn---kva", "example", "xn--bcher-kva\u{00FC}",
        "xn--" + String(repeating: "z", count: 40), "xn--" + String(repeating: "9", count: 40),
        "xn--" + String(repeating: "a", count: 5000) + "-kva",
    ])
    func whatIsNotALabelsOwnPunycodeIsNothing(label: String) {
        #expect(Punycode.unicodeLabel(label[...]) == nil)
    }

    @Test func aLabelLongerThanDNSAllowsIsLeftAsItIs() {
        let long = String(repeating: "\u{00FC}", count: 64)
        #expect(Punycode.asciiLabel(long) == long)
    }
}
