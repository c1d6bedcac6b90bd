import CLibUV
#if canImport(Glibc)
import Glibc
#endif

/// What `handle->data` points to: the owner (retained) and the handle's memory. Not generic,
/// because the uv_close callback is a C function pointer.
private final class UVHandleContext {
    var owner: AnyObject?
    var memory: UnsafeMutableRawPointer?
    /// Where reads land (tcp handles that read).
    var readBuffer: UVReadBuffer?

    init(owner: AnyObject, memory: UnsafeMutableRawPointer) {
        self.owner = owner
        self.memory = memory
    }
}

/// The one owner of a libuv handle (tcp, timer; docs/architecture.md#traits-the-code-keeps, trait 2): the `uv_*_t` lives on the
/// heap at a stable address for as long as libuv may touch it; `handle->data` holds a context,
/// retained (and through it the `owner`) from `init` until the uv_close callback, which
/// releases both, frees the memory and poisons the pointers (`data` and `pointer` become nil).
/// Callbacks reach the owner through `owner(of…)`.
struct UVHandle<Handle, Owner: AnyObject> {
    private let context: UVHandleContext
    private(set) var isClosing = false

    /// Allocates the handle and runs `initialize` (e.g. `uv_timer_init(loop, $0)`); the context
    /// is attached after it, as libuv's init functions may clear `data`.
    init(owner: Owner, _ initialize: (UnsafeMutablePointer<Handle>) -> Void) {
        let pointer = UnsafeMutablePointer<Handle>.allocate(capacity: 1)
        context = UVHandleContext(owner: owner, memory: UnsafeMutableRawPointer(pointer))
        initialize(pointer)
        uvshim_handle(pointer).pointee.data = Unmanaged.passRetained(context).toOpaque()
    }

    /// nil once closed: nothing may reach the handle after that.
    var pointer: UnsafeMutablePointer<Handle>? { context.memory?.assumingMemoryBound(to: Handle.self) }

    @inline(__always)
    private static func owner(data: UnsafeMutableRawPointer?) -> Owner? {
        guard let data, let owner = Unmanaged<UVHandleContext>.fromOpaque(data).takeUnretainedValue().owner else { return nil }
        return unsafeDowncast(owner, to: Owner.self)
    }

    /// The owner of the handle a libuv callback was called with; nil after close.
    @inline(__always)
    static func owner(of handle: UnsafeMutablePointer<Handle>?) -> Owner? {
        owner(data: handle.flatMap { uvshim_handle($0).pointee.data })
    }

    /// The same from a stream (read callbacks, a write or shutdown request's `handle`).
    @inline(__always)
    static func owner(ofStream stream: UnsafeMutablePointer<uv_stream_t>?) -> Owner? {
        owner(data: stream?.pointee.data)
    }

    /// Closes the handle; memory and context are released in the close callback.
    mutating func close() {
        guard !isClosing, let pointer else { return }
        isClosing = true
        uv_close(uvshim_handle(pointer)) { handle in
            guard let handle, let data = handle.pointee.data else { return }
            handle.pointee.data = nil // poisoned: no callback can find the owner any more
            let context = Unmanaged<UVHandleContext>.fromOpaque(data).takeRetainedValue()
            context.owner = nil
            context.memory = nil
            context.readBuffer = nil
            UnsafeMutableRawPointer(handle).deallocate()
        }
    }
}

// MARK: - handle kinds

extension UVHandle where Handle == uv_tcp_t {
    /// A TCP handle on `loop`.
    static func tcp(on loop: UVLoop, owner: Owner) -> UVHandle {
        UVHandle(owner: owner) { _ = uv_tcp_init(loop.pointer, $0) }
    }

    /// Binds and listens; returns the bound port and the address bound (`host`, or `0.0.0.0` for a
    /// `::` the kernel cannot serve: one without IPv6). Without `reusePort` the socket keeps the port to
    /// itself (a second server on a busy port fails with EADDRINUSE) and the other loops of this
    /// process listen on duplicates of it (`sharing`); with it (SO_REUSEPORT) every loop, and any
    /// other process of the same user asking the same, binds its own socket to the port and the
    /// kernel spreads connections over them. `onConnection` is called for each pending connection.
    /// An IPv6 socket is dual stack (libuv clears IPV6_V6ONLY): `::` takes IPv4 clients too, as
    /// mapped addresses (docs/operations.md#ipv6).
    static func listener(on loop: UVLoop, owner: Owner, host: String, port: Int, backlog: Int, reusePort: Bool,
                         onConnection: uv_connection_cb) throws -> (UVHandle, port: Int, host: String) {
        var host = host
        if ListenAddress.isWildcard(host) && host != "0.0.0.0" && uvshim_family_supported(AF_INET6) == 0 { host = "0.0.0.0" }
        guard var address = socketAddress(host, port: port) else {
            throw HTTPServerError("invalid host \(host) (an IPv4 or IPv6 address such as 0.0.0.0, ::, [::1])", UV_EINVAL.rawValue)
        }
        var handle = UVHandle(owner: owner) { _ = uv_tcp_init_ex(loop.pointer, $0, UInt32(address.ss_family)) }
        guard let tcp = handle.pointer else { throw HTTPServerError("listener closed") }
        let shown = "\(ListenAddress.urlForm(host)):\(port)"
        do {
            var rc: Int32 = 0
            if reusePort {
                var fd: uv_os_fd_t = -1
                rc = uv_fileno(uvshim_tcp_handle(tcp), &fd)
                if rc == 0 { rc = uvshim_set_reuseport(fd) == 0 ? 0 : -errno }
                if rc != 0 { throw HTTPServerError("SO_REUSEPORT", rc) }
            }
            rc = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { uv_tcp_bind(tcp, $0, 0) }
            }
            // libuv reports EADDRINUSE from bind(2) at listen time.
            if rc == 0 { rc = uv_listen(uvshim_tcp_stream(tcp), Int32(backlog), onConnection) }
            if rc != 0 { throw HTTPServerError("cannot listen on \(shown)", rc) }
            var bound = sockaddr_storage()
            var length = Int32(MemoryLayout<sockaddr_storage>.size)
            _ = withUnsafeMutablePointer(to: &bound) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { uv_tcp_getsockname(tcp, $0, &length) }
            }
            // sin_port and sin6_port are both the 16 bits after the family.
            let boundPort = withUnsafePointer(to: &bound) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
            return (handle, boundPort, host)
        } catch {
            handle.close()
            throw error
        }
    }

    /// The socket address of a numeric IPv4 or IPv6 `host` (brackets already removed), or nil.
    private static func socketAddress(_ host: String, port: Int) -> sockaddr_storage? {
        var storage = sockaddr_storage()
        let rc = withUnsafeMutablePointer(to: &storage) { storage -> Int32 in
            if host.contains(":") {
                return storage.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { uv_ip6_addr(host, Int32(port), $0) }
            }
            return storage.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { uv_ip4_addr(host, Int32(port), $0) }
        }
        return rc == 0 ? storage : nil
    }

    /// Listens on a duplicate of `listener`'s socket: one listen queue for every loop of the
    /// process, each loop accepting from it when it is free (an accept another loop won is EAGAIN,
    /// which libuv ignores). See `acceptOneAtATime` for how the connections spread.
    static func listener<L>(on loop: UVLoop, owner: Owner, sharing listener: UVHandle<uv_tcp_t, L>, backlog: Int,
                            onConnection: uv_connection_cb) throws -> UVHandle {
        guard let original = listener.pointer else { throw HTTPServerError("listener closed") }
        var fd: uv_os_fd_t = -1
        var rc = uv_fileno(uvshim_tcp_handle(original), &fd)
        if rc != 0 { throw HTTPServerError("listening socket", rc) }
        // Close-on-exec like libuv's own sockets: a child process must not inherit the port.
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        if copy < 0 { throw HTTPServerError("dup", -errno) }
        var handle = UVHandle(owner: owner) { _ = uv_tcp_init(loop.pointer, $0) }
        guard let tcp = handle.pointer else { Glibc.close(copy); throw HTTPServerError("listener closed") }
        rc = uv_tcp_open(tcp, copy)
        if rc != 0 {
            Glibc.close(copy)
            handle.close()
            throw HTTPServerError("listening socket", rc)
        }
        rc = uv_listen(uvshim_tcp_stream(tcp), Int32(backlog), onConnection)
        if rc != 0 {
            handle.close() // closes `copy` with it
            throw HTTPServerError("listen", rc)
        }
        return handle
    }

    /// Loops sharing one listening socket all wake for a new connection, and the first one awake
    /// would otherwise accept the whole burst (measured: 64 connections opened at once all went to
    /// one of two loops, leaving the other idle). libuv's single-accept mode
    /// (`uv_tcp_simultaneous_accepts(…, 0)`) yields the CPU briefly after each accept, so the next
    /// connection goes to another loop: the same burst then splits evenly.
    func acceptOneAtATime() {
        if let tcp = pointer { _ = uv_tcp_simultaneous_accepts(tcp, 0) }
    }

    /// Accepts one pending connection of `listener` into this handle.
    func accept<L>(from listener: UVHandle<uv_tcp_t, L>) -> Bool {
        guard let server = listener.pointer, let tcp = pointer else { return false }
        return uv_accept(uvshim_tcp_stream(server), uvshim_tcp_stream(tcp)) == 0
    }

    func setNoDelay() {
        if let tcp = pointer { uv_tcp_nodelay(tcp, 1) }
    }

    /// The peer's address, or "" (access records): IPv4 as `192.0.2.1` (also when it came through
    /// a dual-stack socket as `::ffff:192.0.2.1`), IPv6 as `2001:db8::1`.
    var peerAddress: String {
        guard let tcp = pointer else { return "" }
        var storage = sockaddr_storage()
        var length = Int32(MemoryLayout<sockaddr_storage>.size)
        var name = [CChar](repeating: 0, count: 64)
        let rc = withUnsafeMutablePointer(to: &storage) { storage in
            storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { uv_tcp_getpeername(tcp, $0, &length) }
        }
        guard rc == 0 else { return "" }
        switch Int32(storage.ss_family) {
        case AF_INET:
            _ = withUnsafePointer(to: &storage) { storage in
                storage.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { uv_ip4_name($0, &name, name.count) }
            }
        case AF_INET6:
            _ = withUnsafePointer(to: &storage) { storage in
                storage.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { uv_ip6_name($0, &name, name.count) }
            }
        default:
            return ""
        }
        return ListenAddress.unmapped(String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Starts reading into `buffer` (the loop's): `onRead` gets each read, see `withReadBytes`.
    func startReading(_ buffer: UVReadBuffer, _ onRead: uv_read_cb) {
        guard let tcp = pointer else { return }
        context.readBuffer = buffer
        uv_read_start(uvshim_tcp_stream(tcp), { handle, _, buf in
            guard let data = handle?.pointee.data,
                  let buffer = Unmanaged<UVHandleContext>.fromOpaque(data).takeUnretainedValue().readBuffer else { return }
            buf?.pointee = uv_buf_init(buffer.base.assumingMemoryBound(to: CChar.self), UInt32(buffer.size))
        }, onRead)
    }

    /// Bytes still on their way to the peer: queued by `write` and not taken by the socket, or
    /// in the kernel's send buffer and not acknowledged (SIOCOUTQ). Only a reader's progress
    /// lowers it, however the kernel batches its writable events.
    var undelivered: Int {
        guard let tcp = pointer else { return 0 }
        return Int(uv_stream_get_write_queue_size(uvshim_tcp_stream(tcp))) &+ Int(uvshim_kernel_unsent(tcp))
    }

    func stopReading() {
        if let tcp = pointer { uv_read_stop(uvshim_tcp_stream(tcp)) }
    }

    /// Writes what the socket takes at once: the count, or a negative libuv error (EAGAIN is 0).
    func tryWrite(_ bytes: ByteBuffer) -> Int {
        guard let tcp = pointer else { return Int(UV_EBADF.rawValue) }
        return bytes.withUnsafeReadableBytes { raw in
            guard let base = raw.baseAddress, raw.count > 0 else { return 0 }
            var buf = uv_buf_init(UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: CChar.self)), UInt32(raw.count))
            let sent = Int(uv_try_write(uvshim_tcp_stream(tcp), &buf, 1))
            return sent == Int(UV_EAGAIN.rawValue) ? 0 : sent
        }
    }

    /// Queues `bytes` (which must stay unchanged until `done` runs) as one uv_write.
    func write(_ bytes: ByteBuffer, _ request: UVRequest<uv_write_t>, _ done: uv_write_cb) -> Bool {
        guard let tcp = pointer else { return false }
        return bytes.withUnsafeReadableBytes { raw in
            var buf = uv_buf_init(UnsafeMutablePointer(mutating: raw.baseAddress?.assumingMemoryBound(to: CChar.self)), UInt32(raw.count))
            return uv_write(request.pointer, uvshim_tcp_stream(tcp), &buf, 1, done) == 0
        }
    }

    /// Reads and drops what the socket has received, without waiting, up to `maximum` bytes, so
    /// that closing it sends FIN, not RST (`uvshim_discard_received`). The count dropped.
    @discardableResult
    func discardReceived(maximum: Int) -> Int {
        guard let tcp = pointer else { return 0 }
        return Int(uvshim_discard_received(tcp, Int32(clamping: maximum)))
    }

    /// Half-closes (FIN after the queued writes).
    func shutdown(_ request: UVRequest<uv_shutdown_t>, _ done: uv_shutdown_cb) -> Bool {
        guard let tcp = pointer else { return false }
        return uv_shutdown(request.pointer, uvshim_tcp_stream(tcp), done) == 0
    }
}

extension UVHandle where Handle == uv_timer_t {
    static func timer(on loop: UVLoop, owner: Owner) -> UVHandle {
        UVHandle(owner: owner) { _ = uv_timer_init(loop.pointer, $0) }
    }

    /// One shot after `milliseconds` (replacing any earlier start).
    func start(milliseconds: UInt64, _ fired: uv_timer_cb) {
        if let timer = pointer { uv_timer_start(timer, fired, milliseconds, 0) }
    }

    func stop() {
        if let timer = pointer { uv_timer_stop(timer) }
    }
}

extension UVHandle where Handle == uv_idle_t {
    static func idle(on loop: UVLoop, owner: Owner) -> UVHandle {
        UVHandle(owner: owner) { _ = uv_idle_init(loop.pointer, $0) }
    }

    /// `turn` once per turn of the loop, before it polls, until `stop`.
    func start(_ turn: uv_idle_cb) {
        if let idle = pointer { uv_idle_start(idle, turn) }
    }

    func stop() {
        if let idle = pointer { uv_idle_stop(idle) }
    }
}

extension UVHandle where Handle == uv_async_t {
    static func async(on loop: UVLoop, owner: Owner, _ woken: uv_async_cb) -> UVHandle {
        UVHandle(owner: owner) { _ = uv_async_init(loop.pointer, $0, woken) }
    }

    /// The one libuv call safe from any thread (callers guarantee the handle is not closing).
    func send() {
        if let async = pointer { uv_async_send(async) }
    }
}

extension UVHandle where Handle == uv_signal_t {
    static func signal(on loop: UVLoop, owner: Owner, _ signum: Int32, _ fired: uv_signal_cb) -> UVHandle {
        UVHandle(owner: owner) { handle in
            _ = uv_signal_init(loop.pointer, handle)
            _ = uv_signal_start(handle, fired, signum)
        }
    }
}

// MARK: - loop, read buffer, requests

/// One libuv loop at a stable address; closed and freed by `close()` once `run()` returned.
final class UVLoop: @unchecked Sendable {
    fileprivate let pointer: UnsafeMutablePointer<uv_loop_t>

    init() {
        pointer = .allocate(capacity: 1)
        uv_loop_init(pointer)
    }

    func run() { uv_run(pointer, UV_RUN_DEFAULT) }

    /// The loop's cached time in milliseconds (updated once per loop iteration).
    var milliseconds: UInt64 { uv_now(pointer) }

    func close() {
        uv_loop_close(pointer)
        pointer.deallocate()
    }
}

/// The 64 KiB buffer every read of one loop lands in: each read is parsed (or copied into a
/// connection's stash) before the next, so one buffer per loop serves all its connections. Its
/// memory is a `ByteBuffer`'s storage (the one buffer type), lent to libuv whole for each read.
final class UVReadBuffer {
    let bytes: ByteBuffer

    init(size: Int) { bytes = ByteBuffer(capacity: size) }

    var base: UnsafeMutableRawPointer { bytes.storage.base }
    var size: Int { bytes.capacity }
}

/// The bytes of one read, lent as a Span for the callback (the loop's buffer is reused by the
/// next read); nil when `nread` is not a positive count.
@inline(__always)
func withReadBytes<R>(_ buf: UnsafePointer<uv_buf_t>?, count nread: Int, _ body: (Span<UInt8>) -> R) -> R? {
    guard nread > 0, let base = buf?.pointee.base else { return nil }
    return body(Span(_unsafeStart: UnsafeRawPointer(base).assumingMemoryBound(to: UInt8.self), count: nread))
}

/// A libuv request (write, shutdown) at a stable address, owned by one connection.
final class UVRequest<Request> {
    let pointer: UnsafeMutablePointer<Request>
    init() { pointer = .allocate(capacity: 1) }
    deinit { pointer.deallocate() }
}

/// The owner of a request's stream, from a write or shutdown callback.
@inline(__always)
func uvStreamOwner<Owner: AnyObject>(_ request: UnsafeMutablePointer<uv_write_t>?, as: Owner.Type) -> Owner? {
    UVHandle<uv_tcp_t, Owner>.owner(ofStream: request?.pointee.handle)
}

@inline(__always)
func uvStreamOwner<Owner: AnyObject>(_ request: UnsafeMutablePointer<uv_shutdown_t>?, as: Owner.Type) -> Owner? {
    UVHandle<uv_tcp_t, Owner>.owner(ofStream: request?.pointee.handle)
}

/// `uv_handle_t` view of any handle type (libuv's C "inheritance").
@inline(__always)
func uvshim_handle<Handle>(_ pointer: UnsafeMutablePointer<Handle>) -> UnsafeMutablePointer<uv_handle_t> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: uv_handle_t.self)
}
