import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-jitless';

describe('zod-jitless', () => {
  it('reaches the settings zod reads, so no schema probes or compiles with Function (blocked by the CSP)', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: 'a' })).toEqual({ name: 'a' });
  });
});
