#include <stdio.h>

/* Bit-fields in packed structs: access units at unaligned offsets, fields
   crossing byte boundaries, #pragma pack(1), arrays of packed structs. */
struct __attribute__((packed)) pk {
	char c;
	unsigned x : 31;
	char d;
	int y : 9;
};

#pragma pack(1)
struct pk2 {
	char c;
	unsigned long long z : 20;
	short s : 13;
	unsigned t : 30;
};
#pragma pack()

int main(void)
{
	struct pk p = { 'q', 0x7ffffff0, 9, -200 };
	struct pk2 q = { 1, 0xfffff, -4000, 0x3ffffff1 };
	struct pk2 arr[5];
	int i;
	unsigned sum = 0;
	printf("sizes %d %d\n", (int)sizeof p, (int)sizeof q);
	printf("p: %d %u %d %d\n", p.c, p.x, p.d, p.y);
	printf("q: %d %u %d %u\n", q.c, (unsigned)q.z, q.s, q.t);
	p.x += 33u; p.y--; q.z++; q.s -= 100; q.t += 20;
	printf("p: %d %u %d %d\n", p.c, p.x, p.d, p.y);
	printf("q: %d %u %d %u\n", q.c, (unsigned)q.z, q.s, q.t);
	for (i = 0; i < 5; i++) {
		arr[i].c = (char)i;
		arr[i].z = 0xfff00u + (unsigned)i * 77;
		arr[i].s = -i * 1000;
		arr[i].t = 0x3ffffff0u + (unsigned)i * 5;
	}
	for (i = 0; i < 5; i++) {
		arr[i].t += arr[i].z;
		sum += arr[i].t + (unsigned)arr[i].s;
		printf("arr[%d]: %d %u %d %u\n", i, arr[i].c, (unsigned)arr[i].z, arr[i].s, arr[i].t);
	}
	printf("sum %u\n", sum);
	return (int)(sum % 100);
}
