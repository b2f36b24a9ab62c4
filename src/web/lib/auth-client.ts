/**
 * better-auth's browser client (src/web/lib/better-auth-client.ts), fetched with the first action that needs
 * it: signing in, the second step, the account page. It is about a tenth of the entry's code, so neither the
 * sign-in page's first paint nor an employee's first screen waits for it (docs/decisions/0060-auth-client-on-demand.md);
 * the session check and signing out are plain requests (src/web/lib/session.ts).
 */
let loading: Promise<typeof import('./better-auth-client.ts').authClient> | undefined;

export function authClient() {
  return (loading ??= import('./better-auth-client.ts').then((m) => m.authClient));
}
