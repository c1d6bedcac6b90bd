// The per-offset scalars of a paging response (docs/model.md#paging): position, currentPage, transition, snap,
// wrappedOffset and events. Everything here is O(1) in pageCount.

extension PagingEngine {
    /// Every field of the single-offset response except `pages` (left empty): for writers that
    /// stream pages one at a time with `pageSlots(offset:)` and `page(slot:offset:)`.
    public func summary(offset o: Double, previousOffset: Double?) -> PagingLayout {
        let L = stride
        let P = o / L
        let floorP = floorD(P)
        let nearest = floorD(P + 0.5)
        let last = countD - 1
        // currentPage = floor(P + 0.5), clamped (rubber-band overscroll) or wrapped when infinite.
        let currentSlot = infinite ? nearest : clamp(nearest, 0, last)
        let currentPage = toInt(infinite ? floorMod(nearest, countD) : currentSlot)

        var transition: Transition?
        if P != floorP {
            // A non-integer double has |P| < 2^52, so these conversions are exact.
            let from = infinite ? floorMod(floorP, countD) : floorP
            let to = infinite ? floorMod(floorP + 1, countD) : floorP + 1
            transition = Transition(from: toInt(from), to: toInt(to), progress: nz(P - floorP))
        }

        // Snap, docs/model.md#paging "Exact readings": previous = (ceil(P) − 1)·L, nearest = floor(P + 0.5)·L,
        // next = (floor(P) + 1)·L, clamped to [0, (N − 1)·L] unless infinite.
        func limit(_ k: Double) -> Double { infinite ? k : clamp(k, 0, last) }
        var snap = Snap(previous: nz(limit(ceilD(P) - 1) * L), nearest: nz(limit(nearest) * L),
                        next: nz(limit(floorP + 1) * L))
        if let v = velocity {
            // UIScrollView's projection: o + (v/1000)·d/(1 − d); the page nearest to it, at most one
            // page from currentPage (a paging scroll view never skips pages on a flick).
            let d = decelerationRate
            let projected = o + (v / 1000) * d / (1 - d)
            let target = clamp(floorD(projected / L + 0.5), currentSlot - 1, currentSlot + 1)
            snap.target = nz(limit(target) * L)
        }

        let total = countD * L
        let contentSize = axis == .horizontal ? Size(width: contentExtent, height: viewport.height)
                                              : Size(width: viewport.width, height: contentExtent)
        return PagingLayout(
            axis: axis, stride: L, offset: nz(o), position: nz(P), contentSize: contentSize,
            currentPage: currentPage, transition: transition, snap: snap, pages: [],
            wrappedOffset: infinite ? nz(floorMod(o, total)) : nil,
            events: previousOffset.map { events(offset: o, previousOffset: $0) })
    }

    /// The seed's delegate, stateless (docs/model.md#paging callbacks): `willMove` for each page j (ascending)
    /// whose visibleFraction was 0 at previousOffset and is > 0 at o; then `didMove` when o / L is
    /// an integer (o rests on a page) and previousOffset did not rest on that same page.
    /// No scratch sets: the visible slots at either offset are one run of consecutive slots, and
    /// fewer than N of them when infinite (docs/model.md#carousels: (N − 2)·L ≥ A), so each page
    /// appears at most once in a run and membership is arithmetic.
    func events(offset o: Double, previousOffset prev: Double) -> [PagingEvent] {
        let before = visibleSlots(offset: prev)
        var events: [PagingEvent] = []
        for k in visibleSlots(offset: o) {
            let j = index(slot: k)
            if shows(before, page: j) { continue }
            events.append(PagingEvent(type: .willMove, page: j))
        }
        events.sort { $0.page < $1.page }
        if let j = restingPage(offset: o), j != restingPage(offset: prev) {
            events.append(PagingEvent(type: .didMove, page: j))
        }
        return events
    }

    /// Whether the run of slots `run` shows page j: a slot k ≡ j (mod N) lies in it when infinite,
    /// slot j itself otherwise.
    func shows(_ run: Range<Int>, page j: Int) -> Bool {
        guard infinite else { return run.contains(j) }
        guard !run.isEmpty else { return false }
        if run.count >= count { return true }
        let r = (j - run.lowerBound) % count
        return (r < 0 ? r + count : r) < run.count
    }

    /// The page o rests exactly on (o / L an integer, a real page unless infinite), or nil.
    func restingPage(offset o: Double) -> Int? {
        let q = o / stride
        guard floorD(q) == q else { return nil }
        if infinite {
            return toInt(floorMod(q, countD))
        }
        guard q >= 0, q < countD else { return nil }
        return toInt(q)
    }

    /// Page index shown by slot k: k mod N when infinite (also for negative k), else k.
    @inline(__always)
    func index(slot k: Int) -> Int {
        guard infinite else { return k }
        let r = k % count
        return r < 0 ? r + count : r
    }
}
