#include <stdio.h>

int main(void) {
    double v[] = {0.0, 1.0, -1.5, 3.14159265358979, 2.5e-5, 6.02e23, 123.456, 1e-10};
    int n = sizeof v / sizeof v[0];
    for (int i = 0; i < n; i++) {
        printf("[%d] f=%f .3f=%.3f e=%e g=%g\n", i, v[i], v[i], v[i], v[i]);
    }
    printf("%8.2f|%-8.2f|%08.2f\n", 3.14159, 3.14159, -3.14159);
    printf("%+f|% f\n", 2.0, 2.0);
    printf("%.0e|%.2e|%12.4e\n", 12345.0, 0.000123, -98765.4321);
    printf("%.1g|%.3g|%.10g\n", 0.0456, 1234567.0, 1.0 / 3.0);
    printf("%G %E\n", 1e-20, 1e20);
    printf("%#.0f %#.3g\n", 5.0, 2.0);
    float f = 0.1f;
    printf("float promoted: %f %.9f\n", f, f);
    printf("rounding: %.2f %.2f %.2f\n", 0.125, 0.375, 2.675);
    printf("%.3f %.3f\n", 1.0005, 999.9995);
    printf("%g %g\n", 1e15, 1e16);
    printf("%g %g\n", 0.0001234, 123456789.0);
    printf("%5.1f%%\n", 45.67);
    return 17;
}
