// The content security policy allows no eval: zod must not probe for it (the probe, though caught,
// is reported as a policy violation), and parses without its compiled fast path. zod probes when a
// schema is built, so this must run before any module that builds one. The build puts this file in
// the same file as zod itself (vite.config.ts, group "zod"), which every such module imports, so it
// runs as soon as zod is there; the shell (app/Layout.tsx) imports it so that it is in the build. The
// sign-in page loads no zod at all (docs/decisions/0012-first-load.md).
import { z } from 'zod';

z.config({ jitless: true });
