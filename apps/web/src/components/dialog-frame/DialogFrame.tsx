import { ActionIcon, Box, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_QUERY } from '../../app/breakpoints';
import { ChevronRightIcon } from '../icons';

/**
 * How long after the dialog changes view a click outside it does not close it: the second click of a
 * double click on "Stake" lands where the button was, outside the smaller confirmation that replaced
 * it, and closed the whole dialog with the user's amount.
 */
export const VIEW_CHANGE_GRACE_MS = 600;

/** Sizes, paddings and breakpoints the dialogs of the app and the console pick from. */
type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

export interface DialogFrameProps {
  opened: boolean;
  onClose: () => void;
  /**
   * The dialog's name: the heading, and what a screen reader announces for the dialog. A result
   * dialog names itself with a heading in its body instead (`labelledBy`).
   */
  title?: ReactNode;
  /** The id of the body's heading that names the dialog, when it has no title. */
  labelledBy?: string;
  children: ReactNode;
  /** A sub-view's way back to the main view: a labelled arrow before the title. */
  back?: { onClick: () => void; label: string };
  /** Width above 768 px (Mantine's size: px or a named size). */
  size?: number | string;
  padding?: Spacing;
  /**
   * Full screen under 768 px (the money dialogs: a phone shows one task at a time). Short
   * confirmations and the security forms stay a centred card.
   */
  fullScreenOnMobile?: boolean;
  closeOnEscape?: boolean;
  closeOnClickOutside?: boolean;
  /** Focus goes back to what opened the dialog (off when closing hands the user to another dialog). */
  returnFocus?: boolean;
  onExitTransitionEnd?: () => void;
  testId?: string;
  /** The dialog's current view or step (`data-view`), for tests and styles. */
  view?: string;
  /** The admin console's step (`data-step`). */
  step?: string;
  /** A result dialog's outcome (`data-status`). */
  status?: string;
  /** The layout the dialog chose (`data-variant`: simple earn's subscribe, mobile or desktop). */
  variant?: string;
  className?: string;
}

/**
 * The one dialog frame of the app and the console: a heading that names the dialog
 * (aria-labelledby), Mantine's focus trap and Escape, a close button named in the user's language,
 * an optional Back arrow for sub-views, full screen on a phone for the money dialogs.
 */
export function DialogFrame({
  opened,
  onClose,
  title,
  children,
  back,
  size = 480,
  padding = 'lg',
  fullScreenOnMobile = true,
  closeOnEscape,
  closeOnClickOutside,
  returnFocus,
  onExitTransitionEnd,
  labelledBy,
  testId,
  view,
  step,
  status,
  variant,
  className,
}: DialogFrameProps) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const fullScreen = fullScreenOnMobile && mobile;
  const titleId = useId();
  const outsideClickCloses = useOutsideClickGate(view);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      fullScreen={fullScreen}
      size={size}
      radius={fullScreen ? 0 : 'lg'}
      padding={padding}
      closeOnEscape={closeOnEscape}
      // The overlay's click is ours to judge (Mantine's own would close at once).
      closeOnClickOutside={false}
      overlayProps={{
        onClick: () => {
          if ((closeOnClickOutside ?? true) && outsideClickCloses()) onClose();
        },
      }}
      returnFocus={returnFocus}
      onExitTransitionEnd={onExitTransitionEnd}
      // The name is the title alone: the Back arrow's label is not part of it.
      aria-labelledby={title === undefined ? labelledBy : titleId}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontSize: 'var(--mantine-h4-font-size)', fontWeight: 650, lineHeight: 1.4 } }}
      title={
        title !== undefined && (
          <Box component="span" display="flex" style={{ alignItems: 'center', gap: 6 }}>
            {back && (
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={back.onClick}
                aria-label={back.label}
                data-testid="modal-back"
              >
                <ChevronRightIcon size={18} style={{ transform: 'rotate(180deg)' }} />
              </ActionIcon>
            )}
            <Text span inherit id={titleId}>
              {title}
            </Text>
          </Box>
        )
      }
      data-testid={testId}
      data-view={view}
      data-step={step}
      data-status={status}
      data-variant={variant}
      className={className}
    >
      {children}
    </Modal>
  );
}

/**
 * Whether a click outside may close the dialog now: not within VIEW_CHANGE_GRACE_MS of a change of
 * `view` (the first view does not count). The time is taken while rendering the new view, not in an
 * effect: the second click of a double click can come before an effect has run.
 */
function useOutsideClickGate(view: string | undefined): () => boolean {
  const shown = useRef<{ view: string | undefined; at: number }>({ view, at: Number.NEGATIVE_INFINITY });
  // A UI timing, not business time: the page's monotonic clock.
  if (shown.current.view !== view) shown.current = { view, at: performance.now() };
  return () => performance.now() - shown.current.at >= VIEW_CHANGE_GRACE_MS;
}
