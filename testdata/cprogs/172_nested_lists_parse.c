#include <stdio.h>

/* grammar: list := '[' [item (',' item)*] ']' ; item := number | list | string */
static const char *p;
static int depth_max, numbers, strings;
static long parse_list(int depth);

static long parse_item(int depth) {
    switch (*p) {
    case '[': return parse_list(depth + 1);
    case '"': {
        long len = 0;
        p++;
        while (*p && *p != '"') {
            switch (*p) {
            case '\\':
                p++;
                switch (*p) { case 'n': case 't': case '\\': case '"': len++; break; default: len += 2; }
                break;
            default: len++;
            }
            p++;
        }
        if (*p == '"') p++;
        strings++;
        return len;
    }
    default: {
        long v = 0, sign = 1;
        if (*p == '-') { sign = -1; p++; }
        while (*p >= '0' && *p <= '9') v = v * 10 + (*p++ - '0');
        numbers++;
        return sign * v;
    }
    }
}

static long parse_list(int depth) {
    long sum = 0;
    if (depth > depth_max) depth_max = depth;
    p++;
    while (*p && *p != ']') {
        sum += parse_item(depth);
        if (*p == ',') p++;
    }
    if (*p == ']') p++;
    return sum * (depth + 1);
}

int main(void) {
    const char *inputs[] = {"[]", "[1,2,3]", "[1,[2,3],4]", "[[[5]]]", "[-4,\"ab\",[\"c\\nd\",7]]",
                            "[10,[20,[30,[40]]],\"x\\qy\"]", "[[1,2],[3,4],[5,[6,-7]]]",
                            "[\"\\\\\\\"\"]", "[0,-0,[-1,[-2]]]", "[[],[[]],[[[]]]]"};
    for (int i = 0; i < 10; i++) {
        p = inputs[i];
        depth_max = numbers = strings = 0;
        long v = parse_item(0);
        printf("%-28s value=%5ld depth=%d nums=%d strs=%d rest='%s'\n", inputs[i], v, depth_max, numbers, strings, p);
    }
    return 23;
}
