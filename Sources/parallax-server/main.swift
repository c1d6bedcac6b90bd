import HTTPServer
import ParallaxService
// Placeholder until the engine lands (issue 2).
print("parallax-server")
