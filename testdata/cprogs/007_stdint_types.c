#include <stdio.h>
#include <stdint.h>

int main(void) {
    int8_t i8 = -128;
    uint8_t u8 = 255;
    int16_t i16 = -32768;
    uint16_t u16 = 65535;
    int32_t i32 = -2147483647 - 1;
    uint32_t u32 = 4294967295u;
    int64_t i64 = INT64_MIN;
    uint64_t u64 = UINT64_MAX;
    printf("i8=%d u8=%u\n", i8, u8);
    printf("i16=%d u16=%u\n", i16, u16);
    printf("i32=%d u32=%u\n", i32, u32);
    printf("i64=%lld u64=%llu\n", (long long)i64, (unsigned long long)u64);
    printf("sizes %zu %zu %zu %zu\n", sizeof i8, sizeof i16, sizeof i32, sizeof i64);
    u8++; u16++; u32++; u64++;
    printf("wrapped %u %u %u %llu\n", u8, u16, u32, (unsigned long long)u64);
    i8 = (int8_t)(i8 + 255);
    printf("i8+255=%d\n", i8);
    uint8_t a = 0x5A;
    uint8_t b = (uint8_t)~a;
    printf("~a=%u (int)~a=%d\n", b, ~a);
    uint32_t h = 0x12345678u;
    uint16_t lo = (uint16_t)h;
    uint16_t hi = (uint16_t)(h >> 16);
    printf("lo=%x hi=%x\n", lo, hi);
    int64_t big = (int64_t)1 << 40;
    printf("1<<40=%lld\n", (long long)big);
    uint64_t mul = (uint64_t)u32 * 0;
    mul = (uint64_t)4000000000u * 5u;
    printf("mul=%llu\n", (unsigned long long)mul);
    printf("INT8 %d %d UINT16 %u\n", INT8_MIN, INT8_MAX, UINT16_MAX);
    printf("INT32_MAX=%d INT64_MAX=%lld\n", INT32_MAX, (long long)INT64_MAX);
    return 8;
}
