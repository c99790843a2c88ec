#include <stdio.h>

static int attempts_needed[] = {1, 3, 0, 2, 5};
static int tries;

static int flaky(int job) {
    tries++;
    return tries >= attempts_needed[job];
}

int main(void) {
    for (int job = 0; job < 5; job++) {
        int attempt = 0;
        tries = 0;
    retry:
        attempt++;
        if (!flaky(job)) {
            if (attempt < 4) {
                printf("job %d attempt %d failed, retrying\n", job, attempt);
                goto retry;
            }
            printf("job %d gave up after %d attempts\n", job, attempt);
            goto next_job;
        }
        printf("job %d succeeded on attempt %d\n", job, attempt);
    next_job:;
    }
    int i = 0, j = 0, hits = 0;
outer:
    if (i >= 4) goto finished;
    j = 0;
inner:
    if (j >= 4) { i++; goto outer; }
    if ((i + j) % 3 == 0) hits++;
    if (i == 2 && j == 1) { i++; goto outer; }
    j++;
    goto inner;
finished:
    printf("hits=%d i=%d j=%d\n", hits, i, j);
    return 25;
}
