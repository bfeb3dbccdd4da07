import { z } from 'zod';

// The app's Content-Security-Policy allows no eval. Without this, zod probes `new Function` when
// the first object schema is built and the browser reports a violation, though zod catches it
// and validates without it. Imported first by index.ts, before any schema is built.
z.config({ jitless: true });
