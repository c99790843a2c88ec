/* A header inside the repository. */
int real_value(void);
