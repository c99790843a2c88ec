/* Angle brackets climb out of the system include directories. */
#include <../../../../../../../../../../../../../../../../etc/passwd>
int main(void) { return 0; }
