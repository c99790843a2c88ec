#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <stddef.h>

struct header { uint8_t kind; uint8_t len; uint16_t seq; };
union payload {
    uint8_t raw[12];
    struct { int32_t x, y, z; } pos;
    struct { uint16_t code; char msg[10]; } err;
    float f[3];
};
struct packet { struct header h; union payload p; };

static void describe(const struct packet *pk) {
    printf("kind=%u len=%u seq=%u: ", pk->h.kind, pk->h.len, pk->h.seq);
    switch (pk->h.kind) {
    case 1: printf("pos %d %d %d\n", pk->p.pos.x, pk->p.pos.y, pk->p.pos.z); break;
    case 2: printf("err %u '%s'\n", pk->p.err.code, pk->p.err.msg); break;
    case 3: printf("floats %.2f %.2f %.2f\n", pk->p.f[0], pk->p.f[1], pk->p.f[2]); break;
    default:
        for (int i = 0; i < pk->h.len && i < 12; i++) printf("%02x", pk->p.raw[i]);
        printf("\n");
    }
}

int main(void) {
    struct packet a;
    memset(&a, 0, sizeof a);
    a.h = (struct header){1, 12, 100};
    a.p.pos.x = -5; a.p.pos.y = 70000; a.p.pos.z = 3;
    describe(&a);
    struct packet b = a;
    b.h.kind = 0;
    describe(&b);
    struct packet c;
    memset(&c, 0, sizeof c);
    c.h.kind = 2; c.h.len = 12; c.h.seq = 65535;
    c.p.err.code = 404;
    strcpy(c.p.err.msg, "not found");
    describe(&c);
    c.h.kind = 9;
    describe(&c);
    struct packet d = {{3, 12, 7}, {.f = {1.5f, -2.25f, 100.0f}}};
    describe(&d);
    d.h.kind = 0;
    describe(&d);
    unsigned char wire[sizeof(struct packet)];
    memcpy(wire, &a, sizeof a);
    struct packet e;
    memcpy(&e, wire, sizeof e);
    e.h.seq++;
    describe(&e);
    printf("sizes: header=%zu payload=%zu packet=%zu\n", sizeof(struct header), sizeof(union payload), sizeof(struct packet));
    printf("offset p=%zu err.msg=%zu\n", offsetof(struct packet, p), offsetof(union payload, err.msg));
    for (int i = 0; i < 12; i += 4) printf("word %d = %08x\n", i / 4, (unsigned)e.p.raw[i] | (unsigned)e.p.raw[i + 1] << 8 | (unsigned)e.p.raw[i + 2] << 16 | (unsigned)e.p.raw[i + 3] << 24);
    return 46;
}
