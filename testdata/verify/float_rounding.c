// expect: safe
void reach_error(void);
int main(void) {
  float big = 16777216.0f;
  float sum = big + 1.0f; /* rounds back to 2^24 */
  if (sum != big) reach_error();
  double d = 0.1 + 0.2;
  if (d == 0.3) reach_error();
  float f = 0.1f;
  if ((double)f == 0.1) reach_error();
  return 0;
}
