#include "z3helpers.h"
#include <string.h>

// Z3's default error handler prints and calls exit(1). This one does
// nothing: every call is followed by a look at Z3_get_error_code, which
// turns the failure into a Go error.
static void prbmc_ignore_error(Z3_context c, Z3_error_code e) { (void)c; (void)e; }

Z3_context prbmc_mk_context(void) {
	Z3_config cfg = Z3_mk_config();
	if (cfg == NULL) return NULL;
	Z3_set_param_value(cfg, "model", "true");
	Z3_context c = Z3_mk_context_rc(cfg);
	Z3_del_config(cfg);
	if (c != NULL) Z3_set_error_handler(c, prbmc_ignore_error);
	return c;
}

void prbmc_dec_refs(Z3_context c, Z3_ast *a, unsigned n) {
	for (unsigned i = 0; i < n; i++) Z3_dec_ref(c, a[i]);
}

static Z3_ast prbmc_rm(Z3_context c, int rm) {
	switch (rm) {
	case 0: return Z3_mk_fpa_rne(c);
	case 1: return Z3_mk_fpa_rna(c);
	case 2: return Z3_mk_fpa_rtp(c);
	case 3: return Z3_mk_fpa_rtn(c);
	default: return Z3_mk_fpa_rtz(c);
	}
}



// prbmc_mk builds one node and takes a reference on it, in a single cgo
// call. The rounding-mode node is created with a zero reference count and
// used at once: Z3 keeps the last result alive until the next call returns
// one, and the parent holds it from then on.
Z3_ast prbmc_mk(Z3_context c, int op, Z3_ast *a, unsigned n, unsigned i0, unsigned i1,
                       int rm, Z3_sort s, unsigned long long u) {
	Z3_ast r = NULL;
	switch (op) {
	case P_TRUE: r = Z3_mk_true(c); break;
	case P_FALSE: r = Z3_mk_false(c); break;
	case P_NOT: r = Z3_mk_not(c, a[0]); break;
	case P_AND: r = Z3_mk_and(c, n, a); break;
	case P_OR: r = Z3_mk_or(c, n, a); break;
	case P_XOR: r = Z3_mk_xor(c, a[0], a[1]); break;
	case P_ITE: r = Z3_mk_ite(c, a[0], a[1], a[2]); break;
	case P_EQ: r = Z3_mk_eq(c, a[0], a[1]); break;
	case P_BVNEG: r = Z3_mk_bvneg(c, a[0]); break;
	case P_BVNOT: r = Z3_mk_bvnot(c, a[0]); break;
	case P_BVADD: r = Z3_mk_bvadd(c, a[0], a[1]); break;
	case P_BVSUB: r = Z3_mk_bvsub(c, a[0], a[1]); break;
	case P_BVMUL: r = Z3_mk_bvmul(c, a[0], a[1]); break;
	case P_BVUDIV: r = Z3_mk_bvudiv(c, a[0], a[1]); break;
	case P_BVSDIV: r = Z3_mk_bvsdiv(c, a[0], a[1]); break;
	case P_BVUREM: r = Z3_mk_bvurem(c, a[0], a[1]); break;
	case P_BVSREM: r = Z3_mk_bvsrem(c, a[0], a[1]); break;
	case P_BVSHL: r = Z3_mk_bvshl(c, a[0], a[1]); break;
	case P_BVLSHR: r = Z3_mk_bvlshr(c, a[0], a[1]); break;
	case P_BVASHR: r = Z3_mk_bvashr(c, a[0], a[1]); break;
	case P_BVAND: r = Z3_mk_bvand(c, a[0], a[1]); break;
	case P_BVOR: r = Z3_mk_bvor(c, a[0], a[1]); break;
	case P_BVXOR: r = Z3_mk_bvxor(c, a[0], a[1]); break;
	case P_BVULT: r = Z3_mk_bvult(c, a[0], a[1]); break;
	case P_BVULE: r = Z3_mk_bvule(c, a[0], a[1]); break;
	case P_BVSLT: r = Z3_mk_bvslt(c, a[0], a[1]); break;
	case P_BVSLE: r = Z3_mk_bvsle(c, a[0], a[1]); break;
	case P_CONCAT: r = Z3_mk_concat(c, a[0], a[1]); break;
	case P_EXTRACT: r = Z3_mk_extract(c, i0, i1, a[0]); break;
	case P_ZEXT: r = Z3_mk_zero_ext(c, i0, a[0]); break;
	case P_SEXT: r = Z3_mk_sign_ext(c, i0, a[0]); break;
	case P_SELECT: r = Z3_mk_select(c, a[0], a[1]); break;
	case P_STORE: r = Z3_mk_store(c, a[0], a[1], a[2]); break;
	case P_CONST_ARRAY: r = Z3_mk_const_array(c, s, a[0]); break;
	case P_FPADD: r = Z3_mk_fpa_add(c, prbmc_rm(c, rm), a[0], a[1]); break;
	case P_FPSUB: r = Z3_mk_fpa_sub(c, prbmc_rm(c, rm), a[0], a[1]); break;
	case P_FPMUL: r = Z3_mk_fpa_mul(c, prbmc_rm(c, rm), a[0], a[1]); break;
	case P_FPDIV: r = Z3_mk_fpa_div(c, prbmc_rm(c, rm), a[0], a[1]); break;
	case P_FPSQRT: r = Z3_mk_fpa_sqrt(c, prbmc_rm(c, rm), a[0]); break;
	case P_FPRTI: r = Z3_mk_fpa_round_to_integral(c, prbmc_rm(c, rm), a[0]); break;
	case P_FPNEG: r = Z3_mk_fpa_neg(c, a[0]); break;
	case P_FPABS: r = Z3_mk_fpa_abs(c, a[0]); break;
	case P_FPEQ: r = Z3_mk_fpa_eq(c, a[0], a[1]); break;
	case P_FPLT: r = Z3_mk_fpa_lt(c, a[0], a[1]); break;
	case P_FPLE: r = Z3_mk_fpa_leq(c, a[0], a[1]); break;
	case P_FPISNAN: r = Z3_mk_fpa_is_nan(c, a[0]); break;
	case P_FPISINF: r = Z3_mk_fpa_is_infinite(c, a[0]); break;
	case P_FPISZERO: r = Z3_mk_fpa_is_zero(c, a[0]); break;
	case P_FPISNEG: r = Z3_mk_fpa_is_negative(c, a[0]); break;
	case P_FPFROMBITS: r = Z3_mk_fpa_to_fp_bv(c, a[0], s); break;
	case P_FPTOIEEE: r = Z3_mk_fpa_to_ieee_bv(c, a[0]); break;
	case P_FPTOSBV: r = Z3_mk_fpa_to_sbv(c, prbmc_rm(c, rm), a[0], i0); break;
	case P_FPTOUBV: r = Z3_mk_fpa_to_ubv(c, prbmc_rm(c, rm), a[0], i0); break;
	case P_FPFROMSBV: r = Z3_mk_fpa_to_fp_signed(c, prbmc_rm(c, rm), a[0], s); break;
	case P_FPFROMUBV: r = Z3_mk_fpa_to_fp_unsigned(c, prbmc_rm(c, rm), a[0], s); break;
	case P_FPTOFP: r = Z3_mk_fpa_to_fp_float(c, prbmc_rm(c, rm), a[0], s); break;
	case P_FPNAN: r = Z3_mk_fpa_nan(c, s); break;
	case P_NUMERAL_U64: r = Z3_mk_unsigned_int64(c, u, s); break;
	default: return NULL;
	}
	if (r == NULL || Z3_get_error_code(c) != Z3_OK) return NULL;
	Z3_inc_ref(c, r);
	return r;
}

// prbmc_mk_named builds a constant or a numeral from a string, referenced.
Z3_ast prbmc_mk_named(Z3_context c, int numeral, const char *s, Z3_sort sort) {
	Z3_ast r;
	if (numeral) {
		r = Z3_mk_numeral(c, s, sort);
	} else {
		r = Z3_mk_const(c, Z3_mk_string_symbol(c, s), sort);
	}
	if (r == NULL || Z3_get_error_code(c) != Z3_OK) return NULL;
	Z3_inc_ref(c, r);
	return r;
}

Z3_sort prbmc_mk_sort(Z3_context c, int kind, unsigned a, unsigned b, Z3_sort i, Z3_sort e) {
	Z3_sort s = NULL;
	switch (kind) {
	case 1: s = Z3_mk_bool_sort(c); break;
	case 2: s = Z3_mk_bv_sort(c, a); break;
	case 3: s = Z3_mk_fpa_sort(c, a, b); break;
	case 4: s = Z3_mk_array_sort(c, i, e); break;
	}
	if (s == NULL || Z3_get_error_code(c) != Z3_OK) return NULL;
	Z3_inc_ref(c, Z3_sort_to_ast(c, s));
	return s;
}

void prbmc_dec_sort(Z3_context c, Z3_sort s) { Z3_dec_ref(c, Z3_sort_to_ast(c, s)); }

Z3_ast prbmc_model_eval(Z3_context c, Z3_model m, Z3_ast t) {
	Z3_ast v = NULL;
	if (!Z3_model_eval(c, m, t, true, &v) || v == NULL || Z3_get_error_code(c) != Z3_OK) return NULL;
	Z3_inc_ref(c, v);
	return v;
}

// prbmc_set_uint_param sets one unsigned solver parameter.
int prbmc_set_uint_param(Z3_context c, Z3_solver s, const char *name, unsigned v) {
	Z3_params p = Z3_mk_params(c);
	if (p == NULL || Z3_get_error_code(c) != Z3_OK) return 0;
	Z3_params_inc_ref(c, p);
	Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, name), v);
	int ok = Z3_get_error_code(c) == Z3_OK;
	if (ok) {
		Z3_solver_set_params(c, s, p);
		ok = Z3_get_error_code(c) == Z3_OK;
	}
	Z3_params_dec_ref(c, p);
	return ok;
}

Z3_solver prbmc_mk_solver(Z3_context c, const char *logic) {
	Z3_solver s;
	if (logic == NULL) {
		s = Z3_mk_solver(c);
	} else {
		s = Z3_mk_solver_for_logic(c, Z3_mk_string_symbol(c, logic));
	}
	if (s == NULL || Z3_get_error_code(c) != Z3_OK) return NULL;
	Z3_solver_inc_ref(c, s);
	return s;
}

// prbmc_mk_eager_solver is a solver for queries whose arrays are only
// read, at any index, from array variables: Ackermann's reduction turns
// the reads into bit-vectors, which are bit-blasted to SAT at once; when
// that does not apply, Z3's SMT core decides the query as before. The
// solver holds its tactic, and the tactic its parts: our references go
// once the solver is made (a context may serve many solvers; see
// Contexts).
Z3_solver prbmc_mk_eager_solver(Z3_context c) {
	enum { SIMP, ACK, BB, SAT, SMT, FRONT, BACK, EAGER, ALL, N };
	static const char *names[] = {"simplify", "ackermannize_bv", "bit-blast", "sat", "smt"};
	Z3_tactic t[N] = {0};
	Z3_solver s = NULL;
	for (int i = SIMP; i <= SMT; i++) {
		t[i] = Z3_mk_tactic(c, names[i]);
		if (t[i] == NULL || Z3_get_error_code(c) != Z3_OK) goto out;
		Z3_tactic_inc_ref(c, t[i]);
	}
	static const int parts[][3] = {{FRONT, SIMP, ACK}, {BACK, BB, SAT}, {EAGER, FRONT, BACK}, {ALL, EAGER, SMT}};
	for (int i = 0; i < 4; i++) {
		int r = parts[i][0], a = parts[i][1], b = parts[i][2];
		t[r] = r == ALL ? Z3_tactic_or_else(c, t[a], t[b]) : Z3_tactic_and_then(c, t[a], t[b]);
		if (t[r] == NULL || Z3_get_error_code(c) != Z3_OK) goto out;
		Z3_tactic_inc_ref(c, t[r]);
	}
	s = Z3_mk_solver_from_tactic(c, t[ALL]);
	if (s == NULL || Z3_get_error_code(c) != Z3_OK) s = NULL;
	else Z3_solver_inc_ref(c, s);
out:
	for (int i = 0; i < N; i++) {
		if (t[i] != NULL) Z3_tactic_dec_ref(c, t[i]);
	}
	return s;
}

// prbmc_rlimit_count is the context's resource counter ("rlimit count" in
// the solver's statistics): Z3's deterministic measure of work, summed
// over the context's checks.
unsigned long long prbmc_rlimit_count(Z3_context c, Z3_solver s) {
	Z3_stats st = Z3_solver_get_statistics(c, s);
	if (st == NULL || Z3_get_error_code(c) != Z3_OK) return 0;
	Z3_stats_inc_ref(c, st);
	unsigned long long v = 0;
	unsigned n = Z3_stats_size(c, st);
	for (unsigned i = 0; i < n; i++) {
		if (strcmp(Z3_stats_get_key(c, st, i), "rlimit count") != 0) continue;
		if (Z3_stats_is_uint(c, st, i)) {
			v = Z3_stats_get_uint_value(c, st, i);
		} else {
			v = (unsigned long long)Z3_stats_get_double_value(c, st, i);
		}
		break;
	}
	Z3_stats_dec_ref(c, st);
	return v;
}
