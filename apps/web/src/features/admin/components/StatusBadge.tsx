import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Open (1, "online") or closed (0, "offline"), as each line spells it. */
export function StatusBadge({ status }: { status: number | string }) {
  const { t } = useTranslation();
  const open = status === 1 || status === 'online';
  return (
    <Badge color={open ? 'teal' : 'gray'} variant="light" data-status={open ? 'open' : 'closed'}>
      {open ? t('admin.opt.open') : t('admin.opt.closed')}
    </Badge>
  );
}
