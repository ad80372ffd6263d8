import { useEffect, useState } from 'react';

/**
 * For a dialog its page mounts only while it is open (`{open && <Dialog opened />}`): Mantine gives
 * the focus back on its own close transition, which an unmounted dialog never runs, so the keyboard
 * user was left on the page's body after Escape or Cancel. The element focused when the dialog first
 * rendered (the button that opened it) gets the focus back once the dialog is gone, unless the user
 * has put it somewhere else meanwhile.
 */
export function useReturnFocus(): void {
  const [opener] = useState<HTMLElement | null>(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
      ? document.activeElement
      : null,
  );
  useEffect(
    () => () => {
      const lost = !document.activeElement || document.activeElement === document.body;
      if (opener && opener !== document.body && opener.isConnected && lost) opener.focus();
    },
    [opener],
  );
}
