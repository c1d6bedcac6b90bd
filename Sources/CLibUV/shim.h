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

/* A peer that closed its read side must not kill the process (SIGPIPE). */
static inline void uvshim_ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }

/* connect(2) to 127.0.0.1:port (the container health probe); the sockaddr cast lives here. */
#include <netinet/in.h>
#include <arpa/inet.h>
static inline int uvshim_connect_loopback(int fd, int port) {
    struct sockaddr_in address = {0};
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return connect(fd, (const struct sockaddr *)&address, sizeof address);
}
