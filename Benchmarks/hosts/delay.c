/*
 * A link delay for the network test bed (Benchmarks/hosts/run.sh) on kernels built without
 * netem: holds every packet that netfilter queues to it (an NFQUEUE rule) for a fixed time, then
 * lets it go, in the order they came.
 *
 *   delay QUEUE MICROSECONDS
 *
 * Build: cc -O2 -o delay delay.c -lnetfilter_queue -lnfnetlink   (Debian: libnetfilter-queue-dev)
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <libnetfilter_queue/libnetfilter_queue.h>
#include <linux/netfilter.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

/* Packets held, oldest first: a ring of their ids and the moments they go. */
#define CAPACITY (1u << 17)
static struct held {
    uint32_t id;
    uint64_t due;
} ring[CAPACITY];
static uint64_t first, next;
static uint64_t delay_ns;
static volatile sig_atomic_t stopping;

static uint64_t now_ns(void) {
    struct timespec moment;
    clock_gettime(CLOCK_MONOTONIC, &moment);
    return (uint64_t)moment.tv_sec * 1000000000u + (uint64_t)moment.tv_nsec;
}

static int hold(struct nfq_q_handle *queue, struct nfgenmsg *message, struct nfq_data *packet, void *unused) {
    (void)message;
    (void)unused;
    struct nfqnl_msg_packet_hdr *header = nfq_get_msg_packet_hdr(packet);
    if (header == NULL) return 0;
    uint32_t id = ntohl(header->packet_id);
    /* NB: a full ring lets the packet go at once rather than drop it. */
    if (next - first == CAPACITY) return nfq_set_verdict(queue, id, NF_ACCEPT, 0, NULL);
    ring[next % CAPACITY] = (struct held){id, now_ns() + delay_ns};
    next++;
    return 0;
}

static void stop(int signal) {
    (void)signal;
    stopping = 1;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s QUEUE MICROSECONDS\n", argv[0]);
        return 2;
    }
    uint16_t number = (uint16_t)atoi(argv[1]);
    delay_ns = (uint64_t)strtoull(argv[2], NULL, 10) * 1000u;
    signal(SIGTERM, stop);
    signal(SIGINT, stop);

    struct nfq_handle *handle = nfq_open();
    if (handle == NULL) {
        perror("nfq_open");
        return 1;
    }
    struct nfq_q_handle *queue = nfq_create_queue(handle, number, &hold, NULL);
    if (queue == NULL) {
        perror("nfq_create_queue");
        return 1;
    }
    /* Only the packets' ids come up: their bytes stay in the kernel. */
    if (nfq_set_mode(queue, NFQNL_COPY_META, 0) < 0 || nfq_set_queue_maxlen(queue, CAPACITY) < 0) {
        perror("nfq_set_mode");
        return 1;
    }
    nfnl_rcvbufsiz(nfq_nfnlh(handle), 16u << 20);
    int descriptor = nfq_fd(handle);
    static char buffer[1 << 16];

    while (!stopping) {
        uint64_t now = now_ns();
        while (first < next && ring[first % CAPACITY].due <= now) {
            nfq_set_verdict(queue, ring[first % CAPACITY].id, NF_ACCEPT, 0, NULL);
            first++;
        }
        struct timespec wait = {1, 0};
        if (first < next) {
            uint64_t left = ring[first % CAPACITY].due - now;
            wait = (struct timespec){(time_t)(left / 1000000000u), (long)(left % 1000000000u)};
        }
        struct pollfd ready = {descriptor, POLLIN, 0};
        if (ppoll(&ready, 1, &wait, NULL) < 0 && errno != EINTR) {
            perror("ppoll");
            break;
        }
        for (;;) {
            ssize_t length = recv(descriptor, buffer, sizeof buffer, MSG_DONTWAIT);
            if (length <= 0) break;
            nfq_handle_packet(handle, buffer, (int)length);
        }
    }
    /* What is still held goes now, so nothing is lost when the delay changes. */
    while (first < next) {
        nfq_set_verdict(queue, ring[first % CAPACITY].id, NF_ACCEPT, 0, NULL);
        first++;
    }
    nfq_destroy_queue(queue);
    nfq_close(handle);
    return 0;
}
