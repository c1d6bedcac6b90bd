import CLibUV

/// What `handle->data` points to: the owner (retained) and the handle's memory. Not generic,
/// because the uv_close callback is a C function pointer.
private final class UVHandleContext {
    var owner: AnyObject?
    var memory: UnsafeMutableRawPointer?

    init(owner: AnyObject, memory: UnsafeMutableRawPointer) {
        self.owner = owner
        self.memory = memory
    }
}

/// The one owner of a libuv handle (tcp, timer; STYLE.md trait 2): the `uv_*_t` lives on the
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

    /// The same from a `uv_handle_t` (e.g. the read allocation callback).
    @inline(__always)
    static func owner(ofHandle handle: UnsafeMutablePointer<uv_handle_t>?) -> Owner? {
        owner(data: handle?.pointee.data)
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
            UnsafeMutableRawPointer(handle).deallocate()
        }
    }
}

/// `uv_handle_t` view of any handle type (libuv's C "inheritance").
@inline(__always)
func uvshim_handle<Handle>(_ pointer: UnsafeMutablePointer<Handle>) -> UnsafeMutablePointer<uv_handle_t> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: uv_handle_t.self)
}

/// `uv_stream_t` view of a tcp handle.
@inline(__always)
func uvshim_stream(_ pointer: UnsafeMutablePointer<uv_tcp_t>) -> UnsafeMutablePointer<uv_stream_t> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: uv_stream_t.self)
}
