/* structs and unions: members, nested members, arrays in structs, struct
 * assignment, by-value parameters and results, ->, anonymous members. */
struct point {
	int x, y;
};

struct shape {
	char kind;
	struct point pts[3];
	union {
		int radius;
		float side;
	};
	struct shape *next;
};

struct point mid(struct point a, struct point b) {
	struct point m;
	m.x = (a.x + b.x) / 2;
	m.y = (a.y + b.y) / 2;
	return m;
}

int main(void) {
	struct shape s, t;
	s.kind = 'T';
	s.pts[0].x = 1;
	s.pts[0].y = 2;
	s.pts[1] = s.pts[0];
	s.pts[2] = mid(s.pts[0], s.pts[1]);
	s.radius = 7;
	s.next = &t;
	t = s;
	s.next->next = 0;
	struct shape *p = &s;
	return p->pts[2].x + p->next->radius + (int)sizeof(struct shape);
}
