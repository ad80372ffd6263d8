import { test } from 'vitest';
import { startTestServer } from '../harness';
test('start cost', async () => {
  for (let i = 0; i < 6; i++) {
    const c0 = process.cpuUsage(); const t0 = performance.now();
    const s = await startTestServer();
    const t1 = performance.now(); const c1 = process.cpuUsage(c0);
    await s.dispose();
    const c2 = process.cpuUsage(c0);
    console.log('START', i, 'wall', Math.round(t1 - t0), 'cpu', Math.round((c1.user + c1.system) / 1000), 'dispose wall', Math.round(performance.now() - t1), 'cpu', Math.round((c2.user + c2.system) / 1000));
  }
}, 600_000);
