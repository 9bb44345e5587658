import Foundation

/// What each repeated field read last: its text and the elements that text made. A trip file's consecutive snapshots
/// repeat their remaining waypoints, intermediate destinations and traffic intervals far more often than they change
/// them; text the same as last time is the same value, taken again without reading it (or allocating: the snapshots
/// share one array, as they would share a value copied in memory). Text that changed is read as usual, with room
/// reserved for as many elements as last time: routes keep about the same length, and would otherwise grow one
/// doubling at a time.
///
/// What the text reads as depends only on the element type, the text, whether enums are lenient and how deep it sits
/// (``JSONTape/maxDepth``), so those are what must match; the field only picks the slot. Slots are shared by copies
/// of a stream, so one is changed in place only while no copy holds it.
struct JSONStreamRepeatedFields: Sendable {
    private static let capacity = 32
    private static let probes = 4
    private var slots = [JSONStreamRepeatedField?](repeating: nil, count: capacity)

    /// Field `name`'s slot, found by the address of its name: names are literals, so each field keeps one slot, and
    /// FleetModel's sixteen repeated fields fit without taking each other's. The place the address hashes to and the
    /// next few are probed for the field's slot or an empty one; when all hold other fields, the first is taken.
    func slot(for name: StaticString) -> Int {
        let address = UInt64(UInt(bitPattern: name.utf8Start))
        let home = Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 59)
        for probe in 0..<Self.probes {
            let index = (home + probe) % Self.capacity
            guard let slot = slots[index], slot.name != name.utf8Start else { return index }
        }
        return home
    }

    /// The elements kept in slot `index`, when `text` (`available` bytes, at nesting `depth`) starts with the same
    /// text as theirs: with that text's length and whether it held bytes that are not ASCII.
    func same<T>(
        as _: T.Type, at index: Int, text: UnsafePointer<UInt8>, available: Int, depth: Int, lenientEnums: Bool
    ) -> (elements: [T], length: Int, nonASCII: Bool)? {
        guard let slot = slots[index], slot.type == ObjectIdentifier(T.self), slot.depth == depth,
            slot.lenientEnums == lenientEnums, slot.text.count <= available,
            slot.text.withUnsafeBufferPointer({ memcmp($0.baseAddress!, text, $0.count) == 0 })
        else { return nil }
        return (unsafeDowncast(slot, to: JSONStreamRepeatedElements<T>.self).elements, slot.text.count, slot.nonASCII)
    }

    /// How many elements of `T` slot `index` holds: as many to reserve.
    func count<T>(of _: T.Type, at index: Int) -> Int {
        guard let slot = slots[index], slot.type == ObjectIdentifier(T.self) else { return 0 }
        return unsafeDowncast(slot, to: JSONStreamRepeatedElements<T>.self).elements.count
    }

    /// Keeps `elements`, field `name`'s, in slot `index` as what `text` reads as, under the conditions
    /// ``same(as:at:text:available:depth:lenientEnums:)`` checks. `nonASCII`: whether the text may hold bytes that are
    /// not ASCII (the document is then validated).
    mutating func remember<T>(
        _ elements: [T], of name: StaticString, at index: Int, text: UnsafeBufferPointer<UInt8>, depth: Int,
        lenientEnums: Bool, nonASCII: Bool
    ) {
        if slots[index]?.type != ObjectIdentifier(T.self) || !isKnownUniquelyReferenced(&slots[index]) {
            slots[index] = JSONStreamRepeatedElements<T>()
        }
        let slot = unsafeDowncast(slots[index]!, to: JSONStreamRepeatedElements<T>.self)
        slot.name = name.utf8Start
        slot.elements = elements
        slot.text.removeAll(keepingCapacity: true)
        slot.text.append(contentsOf: text)
        slot.depth = depth
        slot.lenientEnums = lenientEnums
        slot.nonASCII = nonASCII
    }
}

/// One slot of ``JSONStreamRepeatedFields``: what makes its text read the same, without the elements' type.
class JSONStreamRepeatedField: @unchecked Sendable {
    /// The field's name (its literal's address), which only picks the slot.
    var name: UnsafePointer<UInt8>?
    /// The elements' type.
    let type: ObjectIdentifier
    var text: [UInt8] = []
    var depth = 0
    var lenientEnums = false
    var nonASCII = false

    init(type: ObjectIdentifier) { self.type = type }
}

/// A slot with its elements. Changed only by the one stream that holds it (see ``JSONStreamRepeatedFields``).
final class JSONStreamRepeatedElements<T>: JSONStreamRepeatedField, @unchecked Sendable {
    var elements: [T] = []

    init() { super.init(type: ObjectIdentifier(T.self)) }
}
