import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WEB_ROOT = join(REPO_ROOT, 'apps', 'web');
export const WEB_DIST = join(WEB_ROOT, 'dist');
/** Screenshots and traces; gitignored. */
export const TEST_OUTPUT = join(REPO_ROOT, 'test-output');
