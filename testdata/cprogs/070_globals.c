#include <stdio.h>

int g_init = 42;
int g_zero;
double g_d = 2.5;
char g_name[16] = "global";
int g_arr[5] = {1, 2, 3};
long g_zero_arr[4];
struct config { int w, h; const char *label; } g_cfg = {800, 600, "screen"};
struct config g_cfg_zero;
int *g_ptr = &g_arr[2];
static int s_hidden = 7;
unsigned long long g_big = 0xFFFFFFFFFFull;

static void mutate(void) {
    g_init++;
    g_zero += 10;
    g_arr[4] = g_arr[0] + g_arr[1];
    g_cfg.w /= 2;
    g_name[0] = 'G';
    *g_ptr *= 100;
    s_hidden--;
}

int main(void) {
    printf("g_init=%d g_zero=%d g_d=%.2f name=%s\n", g_init, g_zero, g_d, g_name);
    printf("arr=%d %d %d %d %d\n", g_arr[0], g_arr[1], g_arr[2], g_arr[3], g_arr[4]);
    printf("zero arr=%ld %ld\n", g_zero_arr[0], g_zero_arr[3]);
    printf("cfg=%d %d %s zero=%d %d %s\n", g_cfg.w, g_cfg.h, g_cfg.label, g_cfg_zero.w,
           g_cfg_zero.h, g_cfg_zero.label ? "set" : "null");
    printf("*g_ptr=%d s_hidden=%d big=%llu\n", *g_ptr, s_hidden, g_big);
    mutate();
    mutate();
    printf("after: g_init=%d g_zero=%d name=%s\n", g_init, g_zero, g_name);
    printf("arr=%d %d %d %d %d\n", g_arr[0], g_arr[1], g_arr[2], g_arr[3], g_arr[4]);
    printf("cfg.w=%d s_hidden=%d\n", g_cfg.w, s_hidden);
    g_cfg_zero = g_cfg;
    g_cfg_zero.h++;
    printf("copy=%d %d %s\n", g_cfg_zero.w, g_cfg_zero.h, g_cfg_zero.label);
    g_ptr = &g_zero;
    *g_ptr = -1;
    printf("g_zero=%d\n", g_zero);
    return 76;
}
