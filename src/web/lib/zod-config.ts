// The content security policy allows no eval: zod must not probe for it (the probe, though caught,
// is reported as a policy violation), and parses without its compiled fast path. zod probes when a
// schema is built, so this runs before any screen's code: the shell (app/Layout.tsx) imports it
// first, and only the signed-in screens, which the shell renders, build schemas. The sign-in page
// loads no zod at all (docs/decisions/0012-first-load.md).
import { z } from 'zod';

z.config({ jitless: true });
