// Which better-auth endpoints the browser may reach, and which body fields each accepts. Everything
// else under /api/auth answers 404: the admin plugin's endpoints are reached only through the app's
// own /api/admin routes (which end sessions and write the audit log), and a field the app does not
// use, such as "trustDevice" on a code check or "role" anywhere, is refused with a 400.

interface Rule {
  methods: readonly string[];
  fields: readonly string[];
}

const RULES: Record<string, Rule> = {
  '/sign-in/email': { methods: ['POST'], fields: ['email', 'password', 'rememberMe'] },
  '/sign-out': { methods: ['POST'], fields: [] },
  '/get-session': { methods: ['GET'], fields: [] },
  '/revoke-session': { methods: ['POST'], fields: ['token'] },
  '/revoke-sessions': { methods: ['POST'], fields: [] },
  '/revoke-other-sessions': { methods: ['POST'], fields: [] },
  '/change-password': { methods: ['POST'], fields: ['currentPassword', 'newPassword', 'revokeOtherSessions'] },
  '/two-factor/enable': { methods: ['POST'], fields: ['password'] },
  '/two-factor/disable': { methods: ['POST'], fields: ['password'] },
  '/two-factor/verify-totp': { methods: ['POST'], fields: ['code'] },
  '/two-factor/verify-backup-code': { methods: ['POST'], fields: ['code'] },
  '/two-factor/generate-backup-codes': { methods: ['POST'], fields: ['password'] },
  '/ok': { methods: ['GET'], fields: [] },
};

export type GateResult = { ok: true; path: string } | { ok: false; status: 400 | 404; code: string; message: string; field?: string };

/**
 * Checks a request for /api/auth<path> before it reaches better-auth. `path` is the part after
 * /api/auth as the router decoded it; the result's path is the one to hand on.
 */
export function checkAuthRequest(method: string, rawPath: string, body: unknown): GateResult {
  const path = rawPath.split('?')[0]!.replace(/\/+$/, '');
  const rule = RULES[path];
  if (!rule || !rule.methods.includes(method)) {
    return { ok: false, status: 404, code: 'NOT_FOUND', message: `No such address: ${method} /api/auth${path}` };
  }
  if (method === 'GET' || body === undefined || body === null) return { ok: true, path };
  if (typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, status: 400, code: 'BAD_REQUEST', message: 'body: Expected a JSON object' };
  }
  const extra = Object.keys(body).find((key) => !rule.fields.includes(key));
  if (extra !== undefined) {
    return { ok: false, status: 400, code: 'BAD_REQUEST', message: `${extra}: Unrecognized field`, field: extra };
  }
  return { ok: true, path };
}
