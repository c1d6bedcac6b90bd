# The parallax layout service as a container image (SPEC §7): a multi-stage build.
#
#   docker build -t parallax-server .
#   docker run --rm -p 8080:8080 parallax-server
#
# Builder: the official Swift image on Ubuntu 24.04 (noble), the same Swift release as the
# development toolchain. Noble packages libuv 1.48, llhttp 9.1, yyjson 0.8 and zlib 1.3 (gzip, SPEC §9) (Debian 12 has no
# llhttp/yyjson at all, which is why scripts/setup pins them from trixie on developer machines).
FROM swift:6.3.1-noble AS builder

# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends libuv1-dev libllhttp-dev libyyjson-dev zlib1g-dev pkg-config \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
# Only the test targets' sources (see .dockerignore): SwiftPM wants every declared target's directory.
COPY Tests ./Tests
# --static-swift-stdlib: the Swift runtime is linked in, so the runtime stage needs no Swift
# toolchain, only the C libraries listed in runtime-libs.txt.
RUN swift build -c release --static-swift-stdlib \
 && install -D -m 0755 "$(swift build -c release --static-swift-stdlib --show-bin-path)/parallax-server" /out/parallax-server

# Runtime: plain Ubuntu noble plus exactly the shared libraries the binary links, as listed in
# runtime-libs.txt beside this file (scripts/check-ldd keeps the two in step with `ldd`).
FROM ubuntu:24.04

# Versions are not pinned: noble's security updates replace them in the archive, so a pin would
# break the build on the next update; the base image tag is what is pinned.
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends libuv1t64 libllhttp9.1 libyyjson0 zlib1g libstdc++6 libgcc-s1 \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 parallax \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin parallax

COPY --from=builder /out/parallax-server /usr/local/bin/parallax-server

# The port comes from the environment so that the HEALTHCHECK (`--healthcheck`: GET /healthz on
# 127.0.0.1:$PARALLAX_PORT) probes the port the server listens on: change it with -e PARALLAX_PORT=…
ENV PARALLAX_PORT=8080
EXPOSE 8080
USER 10001:10001
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/usr/local/bin/parallax-server", "--healthcheck"]
# Graceful shutdown on SIGTERM: stop accepting, finish in-flight requests, exit 0 (SPEC §7).
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/parallax-server"]
CMD ["--host", "0.0.0.0"]
