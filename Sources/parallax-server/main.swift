import HTTPServer
import ParallaxService
print("parallax-server: libuv \(libuvVersion)")
