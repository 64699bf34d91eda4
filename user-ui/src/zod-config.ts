import { z } from 'zod';

// The gateway's Content-Security-Policy forbids eval: zod would otherwise probe `Function('')` for
// its JIT (a CSP violation on every form page) before falling back to this mode anyway. Its own
// module, imported first by main.tsx, so it runs before any schema is built at import time.
z.config({ jitless: true });
