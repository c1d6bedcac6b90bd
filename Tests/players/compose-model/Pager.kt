// A model of the Jetpack Compose API the Compose adapter uses (docs/testing.md#adapters), written
// from its documentation: Compose needs the Android SDK, which this machine lacks.
//
// PagerState (developer.android.com/reference/kotlin/androidx/compose/foundation/pager/PagerState):
// currentPage is the page closest to the snap position, currentPageOffsetFraction the scroll away
// from it in pages (−0.5…0.5), and getOffsetDistanceInPages(page) = page − currentPage −
// currentPageOffsetFraction, all Float. One page of scroll is pageSize + pageSpacing.
package androidx.compose.foundation.pager

class PagerState(val pageCount: Int) {
    var currentPage: Int = 0
        private set
    var currentPageOffsetFraction: Float = 0f
        private set

    fun getOffsetDistanceInPages(page: Int): Float {
        require(page in 0..pageCount) { "page $page is not within 0..$pageCount" }
        return page - currentPage - currentPageOffsetFraction
    }

    /** The model's scroll: `pixels` of scroll with pages `pagePlusSpacing` pixels apart, as a
     *  HorizontalPager with PageSize.Fixed and pageSpacing lays them out. */
    fun scrollToPixels(pixels: Float, pagePlusSpacing: Float) {
        val pages = pixels / pagePlusSpacing
        currentPage = Math.round(pages).coerceIn(0, pageCount - 1)
        currentPageOffsetFraction = pages - currentPage
    }
}
