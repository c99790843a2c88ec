#ifndef LIB_H
#define LIB_H

int slot(int k);
int slot_bad(int k);
int slot_far(int k);
int clamp4(int k);
int take(void);
int wrap(int k);
int twice(int k);
int by_mode(void);
int get_mode(void);
void set_mode(int m);

#endif
