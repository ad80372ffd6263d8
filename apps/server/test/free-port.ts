import { createServer } from 'node:net';

/**
 * A port on 127.0.0.1 that the OS says is free now, for a server that must be told its port before it
 * starts (a cluster's workers, replicas, the browser tests' server). A port picked at random in a
 * range collided with the ephemeral port of another connection on the machine (EADDRINUSE in CI);
 * where the server can report its own port, start it on PORT=0 instead (instances.ts).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
