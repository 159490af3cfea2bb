#version 110

uniform vec2 frame;
uniform vec4 bounds;
uniform float edgeSoftness;
uniform float strokeWidthHalf;
uniform vec4 strokeColor;

uniform vec2 startPoint;
uniform vec2 endPoint;
uniform vec2 controlPoint1; // used for quadratic and cubic
uniform vec2 controlPoint2; // used for cubic only
uniform float numControlPoints; // 0: linear, 1: quadratic, 2: cubic

const float EPS = 1e-3;

// linear_distance, quadratic_distance and helper functions are adapted from Inigo Quilez's work: https://www.shadertoy.com/view/MlKcDD
// Licensed under the MIT License.
float linear_distance(vec2 p, vec2 a, vec2 b)
{
	vec2 pa = p - a, ba = b - a;
    return length(pa - ba * clamp(dot(pa, ba) / dot(ba, ba), 0.0, 1.0));
}

float dot2( vec2 v ) { return dot(v,v); }
float cos_acos_3( float x ) { x=sqrt(0.5+0.5*x); return x*(x*(x*(x*-0.008972+0.039071)-0.107074)+0.576975)+0.5; }
float quadratic_distance(vec2 pos, vec2 v0, vec2 v1, vec2 v2)
{
    vec2 a = v1 - v0;
    vec2 b = v0 - 2.0*v1 + v2;
    vec2 c = a * 2.0;
    vec2 d = v0 - pos;

    float kk = 1.0 / dot(b, b);
    float kx = kk * dot(a, b);
    float ky = kk * (2.0 * dot(a, a) + dot(d, b)) / 3.0;
    float kz = kk * dot(d, a);

    float p = ky - kx*kx;
    float q = kx * (2.0*kx*kx - 3.0*ky) + kz;
    float h = q*q + 4.0*p*p*p;

    float res;

    if (h >= 0.0)
    {
        h = sqrt(h);
        h = (q < 0.0) ? h : -h; // copysign
        float x = (h - q) / 2.0;
        float v = sign(x) * pow(abs(x), 1.0 / 3.0);
        float t = v - p/(v + EPS);

		// Newton refinement (stabilizes near cancellation)
        t -= (t * (t*t + 3.0*p) + q) / (3.0*t*t + 3.0*p);

        t = clamp(t - kx, 0.0, 1.0);
        vec2 w = d + (c + b*t) * t;
        res = dot2(w);
    }
    else
    {
        float z = sqrt(-p);
        float m = cos_acos_3(q / (p*z*2.0));
        float n = sqrt(1.0 - m*m) * 1.732050808;

        vec3 t = clamp(vec3(m + m, -n - m, n - m) * z - kx, 0.0, 1.0);
        vec2 qx = d + (c + b*t.x) * t.x;
        vec2 qy = d + (c + b*t.y) * t.y;
        res = min(dot2(qx), dot2(qy));
    }

    return sqrt(res);
}

float cubic_distance(vec2 p, vec2 v0, vec2 v1, vec2 v2, vec2 v3)
{
    const int NEWTON_ITERS = 4;

    float approx_length = length(v1 - v0) + length(v2 - v1) + length(v3 - v2); // control polygon length
    int steps = int(clamp(approx_length * 10.0, 16.0, 64.0)); // scale steps by length

    vec2 a = -v0 + 3.0*v1 - 3.0*v2 + v3;
    vec2 b =  3.0*v0 - 6.0*v1 + 3.0*v2;
    vec2 c = -3.0*v0 + 3.0*v1;
    vec2 d =  v0;

    float dt = 1.0 / float(steps);
    vec2 prev = d;
    float best_seg_dist = 1e3;
    float t0 = 0.0;

    for (int i = 1; i <= steps; i++)
    {
        float t = float(i) * dt;
        vec2 cur = ((a*t + b)*t + c)*t + d;

        // closest point on segment [prev, cur]
        vec2 seg = cur - prev;
        float h = clamp(dot(p - prev, seg) / max(dot(seg, seg), EPS), 0.0, 1.0);
        vec2 proj = prev + h * seg;
        float dseg = length(p - proj);

        if (dseg < best_seg_dist)
        {
            best_seg_dist = dseg;
            // map segment-local h in [0,1] to global t in [0,1]
            t0 = mix(float(i - 1) * dt, float(i) * dt, h);
        }

        prev = cur;
    }

    // Newton refinement from t0 on the true cubic
    float t = t0;
    for (int iter = 0; iter < NEWTON_ITERS; iter++)
    {
        vec2 dpt = ((3.0*a*t + 2.0*b)*t) + c;
        vec2 r = ((a*t + b)*t + c)*t + d - p;
        float f  = dot(r, dpt);
        float df = dot(dpt, dpt) + dot(r, 6.0*a*t + 2.0*b);

        float step = f / max(df, EPS);
        // limit step to avoid big jumps; clamp t to [0,1]
        t = clamp(t - clamp(step, -0.5, 0.5), 0.0, 1.0);
    }

    vec2 pref = ((a*t + b)*t + c)*t + d;
    float dnewton = length(pref - p);

    return min(dnewton, best_seg_dist);
}

void main() {
    // coordinates: (0.0) at rect top-left, +X right, +Y down
    vec2 p = vec2(gl_FragCoord.x, frame.y - gl_FragCoord.y) - bounds.xy;

    float dist;
    if (int(numControlPoints) == 1) {
        dist = quadratic_distance(p, startPoint, controlPoint1, endPoint);
    } else if (int(numControlPoints) == 2) {
        dist = cubic_distance(p, startPoint, controlPoint1, controlPoint2, endPoint);
    } else {
        dist = linear_distance(p, startPoint, endPoint);
    }

    float alpha = 1.0 - smoothstep(strokeWidthHalf - edgeSoftness, strokeWidthHalf + edgeSoftness, dist);
    gl_FragColor = vec4(strokeColor.rgb, strokeColor.a * alpha);
}
