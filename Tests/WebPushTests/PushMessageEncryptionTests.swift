import Crypto
import Foundation
import PropertyBased
import PushTestSupport
import Testing

@testable import WebPush

/// A push body (RFC 8291, `aes128gcm`): the same bytes as Python's http-ece for the same keys and
/// salt, read back by a receiver written apart from it, new keys and salt each time, and refused
/// past one record.
@Suite struct PushMessageEncryptionTests {
    /// Keys and salt chosen once, and the body http-ece 1.2.1 made of them (an oracle: the
    /// Python suite checks the other direction).
    enum Oracle {
        static let browserPrivate = "Hy49TFtqeYh3ZlVEMyIRAAESIzRFVmd4iZqrvM3e7_E"
        static let browserPublic =
            "BIVAQWODGg4zbFkdzktjIqnwR06zo_2Xh21Faz5_-Oiy5u4f1lTMW82KEDu9fkF1Urf7eGfz0J5n8olylKQUYGc"
        static let auth = "AAECAwQFBgcICQoLDA0ODw"
        static let salt = "ZGVmZ2hpamtsbW5vcHFycw"
        static let senderPrivate = "AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA"
        static let plaintext = "It is your turn in room K7Q-X4P."
        static let body =
            "ZGVmZ2hpamtsbW5vcHFycwAAEABBBFFcPW6545a5BNP-yn9U_c0MwemXvzddylFa0KbDtANfRTa-OlDzGPv5pUdZAqIhUCvvDVfgjFOyzApW8X2fk1QJGhJZ2lPseFGpd3feXXqx71As-IQAZgbSBWx9sbgldl2KD08WN2Lw1nBgDzZ1mRdJ"
    }

    @Test func theBodyIsTheOnePythonsHttpEceMakesOfTheSameKeysAndSalt() throws {
        let keys = try #require(PushSubscriptionKeys(p256dh: Oracle.browserPublic, auth: Oracle.auth))
        let sender = try P256.KeyAgreement.PrivateKey(
            rawRepresentation: #require(Base64URL.decode(Oracle.senderPrivate)))
        let body = try PushMessageEncryption.encrypt(
            Data(Oracle.plaintext.utf8), for: keys, senderKey: sender,
            salt: #require(Base64URL.decode(Oracle.salt)))
        #expect(Base64URL.encode(body) == Oracle.body)
        let receiver = PushReceiver(
            privateKey: try P256.KeyAgreement.PrivateKey(
                rawRepresentation: #require(Base64URL.decode(Oracle.browserPrivate))),
            auth: try #require(Base64URL.decode(Oracle.auth)))
        #expect(String(decoding: try receiver.open(body), as: UTF8.self) == Oracle.plaintext)
    }

    @Test func aBodyHasTheSaltTheRecordSizeAndTheSendersKeyThenOneRecord() throws {
        let receiver = PushReceiver()
        let body = try PushMessageEncryption.encrypt(Data("hello".utf8), for: receiver.keys)
        let bytes = [UInt8](body)
        #expect(bytes[16..<20] == [0, 0, 0x10, 0])
        #expect(bytes[20] == 65 && bytes[21] == 0x04)
        // "hello", the delimiter and the 16-byte tag.
        #expect(bytes.count == 21 + 65 + 5 + 1 + 16)
        #expect(try receiver.open(body) == Data("hello".utf8))
    }

    @Test func everyMessageReadsBackAndNoTwoBodiesAreAlike() async {
        let receiver = PushReceiver()
        await propertyCheck(input: Gen.int(in: 0...255).array(of: 0...PushMessageEncryption.maximumPlaintext))
        { bytes in
            let plaintext = Data(bytes.map(UInt8.init))
            let first = try PushMessageEncryption.encrypt(plaintext, for: receiver.keys)
            let second = try PushMessageEncryption.encrypt(plaintext, for: receiver.keys)
            #expect(first != second)
            #expect(try receiver.open(first) == plaintext)
            #expect(try receiver.open(second) == plaintext)
        }
    }

    @Test func aMessageLongerThanOneRecordIsRefused() throws {
        let keys = PushReceiver().keys
        #expect(throws: PushMessageEncryption.Failure.tooLong(bytes: 4080)) {
            try PushMessageEncryption.encrypt(Data(count: 4080), for: keys)
        }
        #expect(try PushMessageEncryption.encrypt(Data(count: 4079), for: keys).count == 4096 + 86)
    }

    @Test func keysThatAreNoneAreRefused() {
        let point = P256.KeyAgreement.PrivateKey().publicKey.x963Representation
        #expect(PushSubscriptionKeys(p256dh: point, auth: Data(count: 16)) != nil)
        #expect(PushSubscriptionKeys(p256dh: point, auth: Data(count: 15)) == nil)
        #expect(PushSubscriptionKeys(p256dh: point.dropLast(), auth: Data(count: 16)) == nil)
        var offCurve = point
        offCurve[64] ^= 1
        #expect(PushSubscriptionKeys(p256dh: offCurve, auth: Data(count: 16)) == nil)
        #expect(PushSubscriptionKeys(p256dh: "not base64!", auth: "AAECAwQFBgcICQoLDA0ODw") == nil)
    }
}
