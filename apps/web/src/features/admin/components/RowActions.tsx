import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WriteArea } from '../api/access';
import { WriteButton } from './WriteButton';

/** A catalogue row's Edit and Open/Close (and any further actions), each refused beyond the role. */
export function RowActions({
  id,
  area = 'catalogue',
  onEdit,
  open,
  onToggle,
  toggleText,
  children,
}: {
  /** Names the buttons for tests: `<id>-edit`, `<id>-toggle`. */
  id: string;
  area?: WriteArea;
  onEdit?: () => void;
  /** Whether the record is open now; undefined: no Open/Close. */
  open?: boolean;
  onToggle?: () => void;
  /** The toggle's text when not Open/Close (e.g. Disable). */
  toggleText?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {onEdit && (
        <WriteButton area={area} size="xs" variant="light" onClick={onEdit} testId={`${id}-edit`}>
          {t('admin.action.edit')}
        </WriteButton>
      )}
      {open !== undefined && onToggle && (
        <WriteButton area={area} size="xs" variant="default" onClick={onToggle} testId={`${id}-toggle`}>
          {toggleText ?? (open ? t('admin.action.close') : t('admin.action.open'))}
        </WriteButton>
      )}
      {children}
    </Group>
  );
}
