import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { adminSend } from '../../api/http';
import { adminKeys, adminQueries } from '../../api/queries';
import type { UserDetail } from '../../api/types';
import { WriteButton } from '../../components/WriteButton';
import { RecordForm } from '../../forms/RecordForm';
import { movementSpecs, userSettingsSpecs } from '../../forms/specs';
import { useRecordDialog } from '../../forms/useRecordDialog';

type Movement = 'deposit' | 'withdraw';

/**
 * What an admin does to a user: settings (VIP, volume, mode, compliance), lock, and — in a test
 * environment — simulated deposits and withdrawals of spot balances.
 */
export function UserActions({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const clock = useQuery(adminQueries.clock());
  const settings = useRecordDialog<UserDetail>();
  const movement = useRecordDialog<{ kind: Movement }>();
  const testEnv = clock.data?.kind === 'test';
  const notTest = clock.data && !testEnv ? t('admin.users.testOnly') : null;
  const kind = movement.dialog?.row?.kind ?? 'deposit';
  const refresh = useMemo(() => [adminKeys.user(String(user.id)), ['admin', 'users']], [user.id]);
  return (
    <Group gap="xs">
      <WriteButton area="admin" variant="default" onClick={() => settings.edit(user)} testId="user-edit">
        {t('admin.users.editSettings')}
      </WriteButton>
      <WriteButton
        area="admin"
        variant="default"
        color={user.locked ? undefined : 'red'}
        onClick={() => settings.act(user, { locked: !user.locked })}
        testId="user-lock"
      >
        {user.locked ? t('admin.users.unlock') : t('admin.users.lock')}
      </WriteButton>
      <WriteButton
        area="admin"
        onClick={() => movement.setCreate({ kind: 'deposit' })}
        disabledReason={notTest}
        testId="user-deposit"
      >
        {t('admin.users.deposit')}
      </WriteButton>
      <WriteButton
        area="admin"
        variant="light"
        onClick={() => movement.setCreate({ kind: 'withdraw' })}
        disabledReason={notTest}
        testId="user-withdraw"
      >
        {t('admin.users.withdraw')}
      </WriteButton>
      <RecordForm
        opened={settings.dialog !== null}
        onClose={settings.close}
        title={t('admin.users.settingsOf', { email: user.email })}
        specs={userSettingsSpecs}
        mode="edit"
        row={settings.dialog?.row as unknown as Record<string, unknown> | null}
        preset={settings.dialog?.preset}
        reviewFirst={settings.dialog?.reviewFirst}
        area="admin"
        invalidate={refresh}
        submit={(body) => adminSend('PUT', `/users/${user.id}`, body)}
        testId="user-settings-form"
      />
      <RecordForm
        opened={movement.dialog !== null}
        onClose={movement.close}
        title={t(kind === 'deposit' ? 'admin.users.depositTo' : 'admin.users.withdrawFrom', {
          email: user.email,
        })}
        specs={movementSpecs}
        mode="create"
        area="admin"
        invalidate={refresh}
        reviewNote={t(kind === 'deposit' ? 'admin.users.depositNote' : 'admin.users.withdrawNote')}
        submit={(body) =>
          adminSend(
            'POST',
            kind === 'deposit' ? '/deposits' : '/withdrawals',
            { ...body, user: user.id },
            { idempotent: true },
          )
        }
        submitLabel={t(kind === 'deposit' ? 'admin.users.deposit' : 'admin.users.withdraw')}
        testId="movement-form"
      />
    </Group>
  );
}
