import CYYJSON
import HTTPServer
import ParallaxLayout
// Placeholder until the API lands (issue 4).
