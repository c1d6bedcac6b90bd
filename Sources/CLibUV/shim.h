#include <uv.h>
#include <sys/socket.h>
#include <signal.h>

/* uv_tcp_t* does not convert to uv_stream_t* or uv_handle_t* implicitly in Swift: these casts are
   the only place the C "struct inheritance" of libuv handles is spelled out. */
static inline uv_stream_t *uvshim_tcp_stream(uv_tcp_t *t) { return (uv_stream_t *)t; }
static inline uv_handle_t *uvshim_tcp_handle(uv_tcp_t *t) { return (uv_handle_t *)t; }

/* libuv 1.44 has no UV_TCP_REUSEPORT: set SO_REUSEPORT on the fd before bind. */
static inline int uvshim_set_reuseport(uv_os_fd_t fd) {
    int one = 1;
    return setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, sizeof one);
}

/* Bytes the kernel still holds for the peer, sent but not yet acknowledged or not yet sent
   (SIOCOUTQ, tcp(7)); 0 when it cannot tell. libuv's own write queue shrinks only when the socket
   polls writable, which a full send buffer (up to net.ipv4.tcp_wmem's 4 MiB) does only once about
   a third of it has drained: a slow reader's progress shows here first. */
#include <sys/ioctl.h>
#include <linux/sockios.h>
static inline int uvshim_kernel_unsent(uv_tcp_t *t) {
    uv_os_fd_t fd;
    int n = 0;
    if (uv_fileno((const uv_handle_t *)t, &fd) != 0 || ioctl(fd, SIOCOUTQ, &n) != 0) return 0;
    return n;
}

/* Reads and drops what the socket has received, without waiting, up to `max` bytes; returns how
   many. A socket closed with unread bytes sends RST instead of FIN and drops what it was still
   sending (RFC 2525 §2.17, tcp(7)): a refused client that sent its request at once would get a
   reset, not its 503. */
static inline int uvshim_discard_received(uv_tcp_t *t, int max) {
    uv_os_fd_t fd;
    char scratch[4096];
    int total = 0;
    if (uv_fileno((const uv_handle_t *)t, &fd) != 0) return 0;
    while (total < max) {
        ssize_t n = recv(fd, scratch, sizeof scratch, MSG_DONTWAIT);
        if (n <= 0) break;
        total += (int)n;
    }
    return total;
}

/* A peer that closed its read side must not kill the process (SIGPIPE). */
static inline void uvshim_ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }

/* Whether the kernel makes sockets of `family` (a kernel booted without IPv6 does not make
   AF_INET6 ones: `--host ::` then serves IPv4 alone). */
#include <netinet/in.h>
#include <arpa/inet.h>
#include <unistd.h>
static inline int uvshim_family_supported(int family) {
    int fd = socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return 0;
    close(fd);
    return 1;
}

/* A TCP socket connected to the numeric IPv4 or IPv6 `host` on `port`, with send and receive
   timeouts of `seconds` (the container health probe); -1 when it cannot connect. The sockaddr
   casts live here. */
#include <sys/time.h>
static inline int uvshim_connect_numeric(const char *host, int port, int seconds) {
    struct sockaddr_in6 six = {0};
    struct sockaddr_in four = {0};
    const struct sockaddr *address;
    socklen_t length;
    int family;
    if (inet_pton(AF_INET, host, &four.sin_addr) == 1) {
        four.sin_family = AF_INET;
        four.sin_port = htons((uint16_t)port);
        address = (const struct sockaddr *)&four; length = sizeof four; family = AF_INET;
    } else if (inet_pton(AF_INET6, host, &six.sin6_addr) == 1) {
        six.sin6_family = AF_INET6;
        six.sin6_port = htons((uint16_t)port);
        address = (const struct sockaddr *)&six; length = sizeof six; family = AF_INET6;
    } else {
        return -1;
    }
    int fd = socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    struct timeval timeout = { .tv_sec = seconds, .tv_usec = 0 };
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
    if (connect(fd, address, length) != 0) { close(fd); return -1; }
    return fd;
}
