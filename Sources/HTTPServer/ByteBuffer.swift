#if canImport(Glibc)
import Glibc
#endif

/// The one byte buffer of the engine and its applications (docs/architecture.md; after swift-nio's
/// `ByteBuffer`): the read stash, the response head, the response body, every writer and the
/// outbox move bytes through this type and nothing else.
///
/// Bytes `[0, readerIndex)` are consumed, `[readerIndex, writerIndex)` are readable,
/// `[writerIndex, capacity)` are writable. Reads go through `Span`/`RawSpan` lent for one call
/// (`withReadableBytes`, `readableBytesSpan`); writes go through one capacity check
/// (`reserveWritable`) followed by bounds-checked stores. The storage is a class with a stable
/// heap address, copied on write like an `Array` when a copy of the buffer is mutated.
///
/// This file and `ByteBuffer+Writing.swift` are the only places where the buffer's memory is
/// touched through unsafe pointers; the C wrappers borrow it through the `internal`
/// `withUnsafe…` methods for exactly one call.
public struct ByteBuffer: Sendable {
    @usableFromInline
    final class Storage: @unchecked Sendable {
        // `let`: a grown buffer is a new Storage, and constants cost no exclusivity checks.
        @usableFromInline let base: UnsafeMutableRawPointer
        @usableFromInline let capacity: Int

        @usableFromInline
        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(byteCount: max(capacity, 1), alignment: 16)
        }

        deinit { base.deallocate() }

        /// Shared by every empty buffer: never written (a write to a shared storage copies first),
        /// so an idle connection's buffers cost no allocation until they are used.
        @usableFromInline static let empty = Storage(capacity: 0)

        @usableFromInline
        func copy(capacity newCapacity: Int, bytes range: Range<Int>) -> Storage {
            let new = Storage(capacity: newCapacity)
            new.base.copyMemory(from: base + range.lowerBound, byteCount: range.count)
            return new
        }
    }

    @usableFromInline var storage: Storage
    @usableFromInline var _readerIndex: Int = 0
    @usableFromInline var _writerIndex: Int = 0

    /// An empty buffer with room for `capacity` bytes (one allocation; none for 0).
    @inlinable
    public init(capacity: Int = 0) {
        storage = capacity > 0 ? Storage(capacity: capacity) : Storage.empty
    }

    /// A buffer holding a copy of `bytes`.
    public init(bytes: some Sequence<UInt8>) {
        self.init(capacity: bytes.underestimatedCount)
        writeBytes(bytes)
    }

    /// A buffer holding the UTF-8 of `string`.
    public init(string: String) {
        self.init(capacity: string.utf8.count)
        writeString(string)
    }

    @inlinable public var readerIndex: Int { _readerIndex }
    @inlinable public var writerIndex: Int { _writerIndex }
    @inlinable public var capacity: Int { storage.capacity }
    /// Bytes between the reader and the writer index.
    @inlinable public var readableBytes: Int { _writerIndex &- _readerIndex }
    @inlinable public var writableBytes: Int { storage.capacity &- _writerIndex }
    @inlinable public var isEmpty: Bool { _writerIndex == _readerIndex }

    // MARK: - capacity: the one check every write goes through

    /// Makes room for `count` more bytes after the writer index, unshared. Grows by doubling;
    /// moves the readable bytes to the front when that alone makes room.
    @inlinable @inline(__always)
    public mutating func reserveWritable(_ count: Int) {
        if _slowPath(!isKnownUniquelyReferenced(&storage) || storage.capacity &- _writerIndex < count) {
            grow(count)
        }
    }

    @usableFromInline
    mutating func grow(_ count: Int) {
        let readable = readableBytes
        let needed = readable + count
        let unique = isKnownUniquelyReferenced(&storage)
        if unique && storage.capacity >= needed && _readerIndex > 0 && _readerIndex >= readable {
            // Enough room once consumed bytes are dropped, and the move is cheap next to them.
            discardReadBytes()
            return
        }
        let newCapacity = Self.capacity(growingFrom: storage.capacity, toHold: needed)
        if !unique || newCapacity > storage.capacity || _readerIndex > 0 {
            storage = storage.copy(capacity: newCapacity, bytes: _readerIndex..<_writerIndex)
            _readerIndex = 0
            _writerIndex = readable
        }
    }

    /// The capacity `grow` gives a buffer of `capacity` that must hold `needed` bytes: doubled
    /// from at least 64 (what a reservation against a budget must count, `InputBudget`).
    @usableFromInline
    static func capacity(growingFrom capacity: Int, toHold needed: Int) -> Int {
        var newCapacity = max(capacity, 64)
        while newCapacity < needed { newCapacity *= 2 }
        return newCapacity
    }

    /// Moves the readable bytes to the front, dropping the consumed ones.
    public mutating func discardReadBytes() {
        guard _readerIndex > 0 else { return }
        let readable = readableBytes
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy(capacity: storage.capacity, bytes: _readerIndex..<_writerIndex)
        } else if readable > 0 {
            storage.base.copyMemory(from: storage.base + _readerIndex, byteCount: readable)
        }
        _readerIndex = 0
        _writerIndex = readable
    }

    /// Forgets every byte and keeps the capacity (unless `maximumCapacity` is exceeded, then the
    /// memory is given back: one big answer must not pin its buffer for a connection's life).
    @inlinable
    public mutating func clear(keepingCapacityUpTo maximumCapacity: Int = .max) {
        if storage.capacity > maximumCapacity || (storage.capacity > 0 && !isKnownUniquelyReferenced(&storage)) {
            let keep = min(storage.capacity, maximumCapacity)
            storage = keep > 0 ? Storage(capacity: keep) : Storage.empty
        }
        _readerIndex = 0
        _writerIndex = 0
    }

    // MARK: - stores (bounds-checked after the capacity check)

    @inlinable @inline(__always)
    public mutating func writeByte(_ byte: UInt8) {
        reserveWritable(1)
        storage.base.storeBytes(of: byte, toByteOffset: _writerIndex, as: UInt8.self)
        _writerIndex &+= 1
    }

    /// Copies raw bytes; `precondition`s that the count is not negative.
    @inlinable @inline(__always)
    mutating func writeRaw(_ source: UnsafeRawBufferPointer) {
        let n = source.count
        guard n > 0, let from = source.baseAddress else { return }
        reserveWritable(n)
        precondition(_writerIndex + n <= storage.capacity)
        (storage.base + _writerIndex).copyMemory(from: from, byteCount: n)
        _writerIndex &+= n
    }

    public mutating func writeBytes(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { writeRaw(UnsafeRawBufferPointer($0)) }
        if done == nil {
            for byte in bytes { writeByte(byte) }
        }
    }

    public mutating func writeBytes(_ bytes: Span<UInt8>) {
        bytes.withUnsafeBytes { writeRaw($0) }
    }

    @inlinable @inline(__always)
    public mutating func writeBytes(_ bytes: RawSpan) {
        bytes.withUnsafeBytes { writeRaw($0) }
    }

    /// Appends the readable bytes of `other` (it is not consumed).
    public mutating func writeBuffer(_ other: ByteBuffer) {
        other.withUnsafeReadableBytes { writeRaw($0) }
    }

    /// Literal bytes, copied straight from the binary's constant data.
    @inlinable @inline(__always)
    public mutating func writeStaticString(_ literal: StaticString) {
        let n = literal.utf8CodeUnitCount
        reserveWritable(n)
        precondition(_writerIndex &+ n <= storage.capacity)
        ByteBuffer.copySmall(from: UnsafeRawPointer(literal.utf8Start), to: storage.base + _writerIndex, count: n)
        _writerIndex &+= n
    }

    /// Copies `count` bytes. A literal's length is a constant once inlined, so up to 16 bytes this
    /// folds to two overlapping word moves instead of a call to memcpy (most JSON keys and
    /// punctuation are that short).
    @inlinable @inline(__always)
    static func copySmall(from: UnsafeRawPointer, to: UnsafeMutableRawPointer, count n: Int) {
        if n >= 8 && n <= 16 {
            let a = from.loadUnaligned(as: UInt64.self)
            let b = from.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
            to.storeBytes(of: a, as: UInt64.self)
            to.storeBytes(of: b, toByteOffset: n &- 8, as: UInt64.self)
        } else if n >= 4 && n < 8 {
            let a = from.loadUnaligned(as: UInt32.self)
            let b = from.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)
            to.storeBytes(of: a, as: UInt32.self)
            to.storeBytes(of: b, toByteOffset: n &- 4, as: UInt32.self)
        } else if n > 0 && n < 4 {
            to.storeBytes(of: from.load(as: UInt8.self), as: UInt8.self)
            if n > 1 { to.storeBytes(of: from.load(fromByteOffset: n &- 1, as: UInt8.self), toByteOffset: n &- 1, as: UInt8.self) }
            if n > 2 { to.storeBytes(of: from.load(fromByteOffset: 1, as: UInt8.self), toByteOffset: 1, as: UInt8.self) }
        } else if n > 16 {
            to.copyMemory(from: from, byteCount: n)
        }
    }

    /// A string's UTF-8; one copy when it is stored contiguously (native strings are).
    @inlinable
    public mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { writeRaw(UnsafeRawBufferPointer($0)) }
    }

    /// Overwrites already written bytes at `index` (e.g. a chunk-size placeholder).
    public mutating func setBytes(_ bytes: Span<UInt8>, at index: Int) {
        precondition(index >= 0 && index + bytes.count <= _writerIndex, "setBytes outside the written bytes")
        reserveWritable(0)
        bytes.withUnsafeBytes { raw in
            if let from = raw.baseAddress { (storage.base + index).copyMemory(from: from, byteCount: raw.count) }
        }
    }

    /// Drops written bytes from the end (the writer index moves back to `index`).
    public mutating func moveWriterIndex(to index: Int) {
        precondition(index >= _readerIndex && index <= _writerIndex, "writer index out of range")
        _writerIndex = index
    }

    // MARK: - reads

    /// Consumes `count` readable bytes.
    @inlinable
    public mutating func moveReaderIndex(forwardBy count: Int) {
        precondition(count >= 0 && count <= readableBytes, "moved past the readable bytes")
        _readerIndex &+= count
        if _readerIndex == _writerIndex {
            _readerIndex = 0
            _writerIndex = 0
        }
    }

    /// The readable bytes, lent as a `Span` that cannot outlive the borrow of the buffer.
    public var readableBytesSpan: Span<UInt8> {
        @_lifetime(borrow self)
        borrowing get {
            let span = Span<UInt8>(_unsafeStart: (storage.base + _readerIndex).assumingMemoryBound(to: UInt8.self),
                                   count: readableBytes)
            return _overrideLifetime(span, borrowing: self)
        }
    }

    /// The readable bytes for the duration of `body`.
    @inlinable
    public func withReadableBytes<R, E: Error>(_ body: (Span<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(readableBytesSpan)
    }

    /// A byte of the readable range, bounds-checked (`offset` counts from the reader index).
    @inlinable
    public func byte(at offset: Int) -> UInt8 {
        precondition(offset >= 0 && offset < readableBytes, "read outside the readable bytes")
        return storage.base.load(fromByteOffset: _readerIndex &+ offset, as: UInt8.self)
    }

    /// The 8 bytes at `offset` of the readable range as a little-endian word, bounds-checked:
    /// bytes compared a word at a time (a field name, `ReadField`).
    @inlinable @inline(__always)
    func word(at offset: Int) -> UInt64 {
        precondition(offset >= 0 && offset &+ 8 <= readableBytes, "read outside the readable bytes")
        return UInt64(littleEndian: storage.base.loadUnaligned(fromByteOffset: _readerIndex &+ offset, as: UInt64.self))
    }

    /// The 4 bytes at `offset` of the readable range as a little-endian word, bounds-checked.
    @inlinable @inline(__always)
    func halfWord(at offset: Int) -> UInt32 {
        precondition(offset >= 0 && offset &+ 4 <= readableBytes, "read outside the readable bytes")
        return UInt32(littleEndian: storage.base.loadUnaligned(fromByteOffset: _readerIndex &+ offset, as: UInt32.self))
    }

    /// A copy of the readable bytes (tests, logs; not the hot path).
    public var bytes: [UInt8] {
        withUnsafeReadableBytes { Array($0) }
    }

    // MARK: - for the C wrappers only (one call each)

    public func withUnsafeReadableBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: storage.base + _readerIndex, count: readableBytes))
    }

    /// Lends `minimum` or more writable bytes; `body` returns how many it wrote.
    public mutating func withUnsafeWritableBytes(minimum: Int, _ body: (UnsafeMutableRawBufferPointer) throws -> Int) rethrows {
        reserveWritable(minimum)
        let written = try body(UnsafeMutableRawBufferPointer(start: storage.base + _writerIndex, count: writableBytes))
        precondition(written >= 0 && written <= writableBytes)
        _writerIndex &+= written
    }
}

extension ByteBuffer {
    /// Writes the readable bytes to `fd` with write(2), retrying after partial writes and EINTR;
    /// consumes what was written. Returns false on an error (for a log line or a blocking socket,
    /// which is all that needs it: the event loop writes through libuv).
    @discardableResult
    public mutating func write(toFileDescriptor fd: Int32) -> Bool {
        while !isEmpty {
            let n = withUnsafeReadableBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            moveReaderIndex(forwardBy: n)
        }
        return true
    }

    /// Appends what one read(2) of at most `maximum` bytes from `fd` returns; that count, 0 at
    /// the end of input, −1 on an error.
    public mutating func read(fromFileDescriptor fd: Int32, maximum: Int) -> Int {
        var result = 0
        withUnsafeWritableBytes(minimum: maximum) { buffer in
            result = Glibc.read(fd, buffer.baseAddress, maximum)
            return max(result, 0)
        }
        return result
    }
}

/// `value.write(to: &buffer)` for the standard library's number formatting: floating-point
/// values hand their shortest round-trip digits to `_writeASCII` from a stack buffer, so they land
/// here with no String in between (`Double.description` allocates one above 15 bytes).
extension ByteBuffer: TextOutputStream {
    public mutating func write(_ string: String) { writeString(string) }

    public mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        writeRaw(UnsafeRawBufferPointer(buffer))
    }
}

extension ByteBuffer: Equatable {
    /// Same readable bytes.
    public static func == (a: ByteBuffer, b: ByteBuffer) -> Bool {
        a.readableBytes == b.readableBytes && a.withUnsafeReadableBytes { x in
            b.withUnsafeReadableBytes { y in x.elementsEqual(y) }
        }
    }
}

extension ByteBuffer: CustomStringConvertible {
    /// The readable bytes as UTF-8 (tests and debugging).
    public var description: String { withUnsafeReadableBytes { String(decoding: $0, as: UTF8.self) } }
}

extension String {
    /// The bytes of a request span as a String (invalid UTF-8 repaired), for what must outlive it.
    public init(copying bytes: Span<UInt8>) {
        self = bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }
}
