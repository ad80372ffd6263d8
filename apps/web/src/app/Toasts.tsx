import { lazy, Suspense, useEffect, useState } from 'react';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/**
 * The toast container loads after the first paint; toasts raised before that wait in the
 * notifications store and show as soon as it mounts.
 */
export function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setMounted(true), 200);
    return () => clearTimeout(id);
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" zIndex={1000} />
    </Suspense>
  );
}
