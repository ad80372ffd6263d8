import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setViewportWidth } from './viewport';

// findBy*/waitFor give up after 1 s by default: on two shared cores a lazy dialog's first render took
// longer, and tests failed by time alone. Failures still fail, only later.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no layout: give Mantine and the components what a browser would.
setViewportWidth(1400);

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => undefined;

afterEach(() => {
  cleanup();
  localStorage.clear();
});
