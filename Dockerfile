# The parallax layout service as a container image: a multi-stage build (docs/container.md).
#
#   docker build --build-arg PARALLAX_COMMIT="$(git rev-parse HEAD)" -t parallax-server:1.0.0 .
#   docker run --rm -p 8080:8080 --read-only --cap-drop ALL parallax-server:1.0.0
#   podman: the same, with `podman build --format docker …` (an OCI image has no HEALTHCHECK).
#
# The two base images are ARGs. Their defaults are public images on Debian:
#   swift:6.3.3-bookworm  the official Swift image on Debian 12 (there is no official trixie one);
#                         llhttp and yyjson first entered Debian in trixie, so the builder pins
#                         exactly those from trixie, as scripts/setup does on a development machine;
#   debian:trixie-slim    Debian 13, which packages every runtime library (runtime-libs.txt).
# What was verified, and how: CI (scripts/check-image) builds this file with podman, every line
# below the FROMs as written, with stand-ins for the two base images made from Debian's archive
# (debootstrap bookworm + the Swift toolchain's own needs, with the machine's Swift 6.3.1 mounted
# at /opt/swift; debootstrap trixie minbase), and runs the image: health check, a layout, uid 10001,
# read-only root, no capabilities, 64 MiB memory limit, SIGTERM -> exit 0. What only a machine
# that reaches Docker Hub can check is the public base images themselves (pull, their contents,
# the 6.3.3 compiler): see docs/container.md#what-is-verified.
ARG BUILDER_IMAGE=swift:6.3.3-bookworm
ARG RUNTIME_IMAGE=debian:trixie-slim

FROM ${BUILDER_IMAGE} AS builder
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
# libuv and zlib from the base's own release; llhttp and yyjson from trixie, pinned so that nothing
# else comes from there (they depend only on libc6).
# hadolint ignore=DL3008
RUN printf '%s\n' 'Types: deb' 'URIs: http://deb.debian.org/debian' 'Suites: trixie' 'Components: main' \
      'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' >/etc/apt/sources.list.d/trixie-pinned.sources \
 && printf '%s\n' 'Package: *' 'Pin: release n=trixie' 'Pin-Priority: 1' '' \
      'Package: libllhttp-dev libllhttp9.2 libyyjson-dev libyyjson0' 'Pin: release n=trixie' 'Pin-Priority: 500' \
      >/etc/apt/preferences.d/trixie-pinned \
 && apt-get update \
 && apt-get install -y --no-install-recommends libuv1-dev libllhttp-dev libyyjson-dev zlib1g-dev pkg-config \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /src
# The context holds only what the build needs (.dockerignore): Package.swift, Sources/ and the test
# targets' directories, since SwiftPM checks that every target Package.swift declares has one.
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
# The commit --version and /metrics report (the context has no .git): pass it as a build argument.
ARG PARALLAX_COMMIT=unknown
# --static-swift-stdlib: the Swift runtime is linked in, so the runtime stage needs no toolchain.
# Debug info stays in (14 MB binary instead of 7.5 MB stripped): with swift-backtrace-static beside
# it, a crash prints a backtrace with file and line numbers to the container's log, which is where
# an operator looks (kubectl logs --previous); 7 MB is a small price for that on a ~150 MB image.
RUN PARALLAX_COMMIT="$PARALLAX_COMMIT" swift build -c release --static-swift-stdlib \
 && bin="$(swift build -c release --static-swift-stdlib --show-bin-path)" \
 && install -D -m 0755 "$bin/parallax-server" /out/parallax-server \
 && toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")" \
 && install -D -m 0755 "$toolchain/libexec/swift/linux/swift-backtrace-static" /out/swift-backtrace-static

# Runtime: Debian plus exactly the shared libraries the binary links (runtime-libs.txt beside this
# file lists them; scripts/check-ldd keeps the two in step).
FROM ${RUNTIME_IMAGE}
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
# Versions are not pinned: trixie's security updates replace them in the archive, so a pin would
# break the build on the next update; the base image tag is what is pinned.
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends libuv1t64 libllhttp9.2 libyyjson0 zlib1g libstdc++6 libgcc-s1 \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 parallax \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin parallax

COPY --from=builder /out/parallax-server /usr/local/bin/parallax-server
COPY --from=builder /out/swift-backtrace-static /usr/local/libexec/swift/swift-backtrace-static
# The runtime-libs check: every library the binary needs resolves in this image.
RUN libs="$(ldd /usr/local/bin/parallax-server)" \
 && if grep 'not found' <<<"$libs"; then exit 1; fi \
 && echo "runtime libraries: $(awk '{print $1}' <<<"$libs" | tr '\n' ' ')"

# A crash prints a symbolicated backtrace (stderr) and exits; the tracer is the file above.
ENV SWIFT_BACKTRACE=enable=yes,sanitize=yes,swift-backtrace=/usr/local/libexec/swift/swift-backtrace-static
# The port comes from the environment so that the HEALTHCHECK (`--healthcheck`: GET /healthz on
# 127.0.0.1:$PARALLAX_PORT) probes the port the server listens on: change it with -e PARALLAX_PORT=…
ENV PARALLAX_PORT=8080
EXPOSE 8080
USER 10001:10001
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/usr/local/bin/parallax-server", "--healthcheck"]
# Graceful shutdown on SIGTERM: stop accepting, finish in-flight requests, exit 0
# (docs/operations.md#shutdown).
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/parallax-server"]
# `::` is every address of both families (dual stack); a kernel without IPv6 serves IPv4 alone
# (docs/operations.md#ipv6). The HEALTHCHECK probes 127.0.0.1, then ::1.
CMD ["--host", "::"]
