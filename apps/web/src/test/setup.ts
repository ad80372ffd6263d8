import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { i18next } from '../i18n';
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
  // Mantine's notifications live in a module-level store: the files share their modules (the web
  // project does not isolate them), so a toast left by one test would be found by the next file.
  notifications.clean();
  notifications.cleanQueue();
  localStorage.clear();
  sessionStorage.clear();
  setViewportWidth(1400);
});

// A worker runs file after file in one jsdom (the web project does not isolate them): what a file
// stubbed (fetch, matchMedia, timers, spies) is put back when it ends, so the next file starts clean.
afterAll(async () => {
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

// lightweight-charts draws on a canvas, which jsdom lacks: a chart drawn in an animation frame after
// its test ended threw "Value is null" as an unhandled error (routes.states.test.tsx, the UI kit's
// chart), which fails the run. Every component test gets this stand-in; TrendChart.test.tsx keeps its
// own, which records the data drawn.
vi.mock('lightweight-charts', () => ({
  AreaSeries: {},
  ColorType: { Solid: 'solid' },
  createChart: () => ({
    addSeries: () => ({ setData: () => undefined }),
    applyOptions: () => undefined,
    subscribeCrosshairMove: () => undefined,
    timeScale: () => ({ fitContent: () => undefined }),
    remove: () => undefined,
  }),
}));
