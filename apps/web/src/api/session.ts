/** A 401 anywhere opens the login flow; the layout listens and remembers where the user was. */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onLoginRequired(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function requireLogin(): void {
  for (const l of listeners) l();
}
