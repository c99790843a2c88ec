// C helpers for the Go binding: each builds one Z3 object and takes its
// reference in a single cgo call.
#ifndef PRBMC_Z3HELPERS_H
#define PRBMC_Z3HELPERS_H
#include <stdlib.h>
#include <z3.h>

enum {
	P_TRUE = 1, P_FALSE, P_NOT, P_AND, P_OR, P_XOR, P_ITE, P_EQ,
	P_BVNEG, P_BVNOT, P_BVADD, P_BVSUB, P_BVMUL, P_BVUDIV, P_BVSDIV, P_BVUREM, P_BVSREM,
	P_BVSHL, P_BVLSHR, P_BVASHR, P_BVAND, P_BVOR, P_BVXOR,
	P_BVULT, P_BVULE, P_BVSLT, P_BVSLE, P_CONCAT, P_EXTRACT, P_ZEXT, P_SEXT,
	P_SELECT, P_STORE, P_CONST_ARRAY,
	P_FPADD, P_FPSUB, P_FPMUL, P_FPDIV, P_FPSQRT, P_FPRTI, P_FPNEG, P_FPABS,
	P_FPEQ, P_FPLT, P_FPLE, P_FPISNAN, P_FPISINF, P_FPISZERO, P_FPISNEG,
	P_FPFROMBITS, P_FPTOIEEE, P_FPTOSBV, P_FPTOUBV, P_FPFROMSBV, P_FPFROMUBV, P_FPTOFP,
	P_FPNAN, P_NUMERAL_U64
};

Z3_context prbmc_mk_context(void);
void prbmc_dec_refs(Z3_context c, Z3_ast *a, unsigned n);
Z3_ast prbmc_mk(Z3_context c, int op, Z3_ast *a, unsigned n, unsigned i0, unsigned i1,
                int rm, Z3_sort s, unsigned long long u);
Z3_ast prbmc_mk_named(Z3_context c, int numeral, const char *s, Z3_sort sort);
Z3_sort prbmc_mk_sort(Z3_context c, int kind, unsigned a, unsigned b, Z3_sort i, Z3_sort e);
void prbmc_dec_sort(Z3_context c, Z3_sort s);
Z3_ast prbmc_model_eval(Z3_context c, Z3_model m, Z3_ast t);
int prbmc_set_uint_param(Z3_context c, Z3_solver s, const char *name, unsigned v);
Z3_solver prbmc_mk_solver(Z3_context c, const char *logic);
Z3_solver prbmc_mk_eager_solver(Z3_context c);
unsigned long long prbmc_rlimit_count(Z3_context c, Z3_solver s);
#endif
