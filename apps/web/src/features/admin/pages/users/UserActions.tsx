import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { adminSend } from '../../api/http';
import { adminKeys, adminQueries } from '../../api/queries';
import type { UserDetail } from '../../api/types';
import { WriteButton } from '../../components/WriteButton';
import { formBody } from '../../forms/fields';
import { RecordForm } from '../../forms/RecordForm';
import { movementSpecs, userSettingsSpecs } from '../../forms/specs';
import { useRecordDialog } from '../../forms/useRecordDialog';

type Movement = 'deposit' | 'withdraw' | 'lend' | 'repay';

/** Each movement's operator route, dialog title, note and button, by kind. */
const MOVEMENTS: Record<
  Movement,
  {
    path: '/admin/api/deposits' | '/admin/api/withdrawals' | '/admin/api/loans' | '/admin/api/loans/repay';
    title: string;
    note: string;
    label: string;
  }
> = {
  deposit: {
    path: '/admin/api/deposits',
    title: 'admin.users.depositTo',
    note: 'admin.users.depositNote',
    label: 'admin.users.deposit',
  },
  withdraw: {
    path: '/admin/api/withdrawals',
    title: 'admin.users.withdrawFrom',
    note: 'admin.users.withdrawNote',
    label: 'admin.users.withdraw',
  },
  lend: {
    path: '/admin/api/loans',
    title: 'admin.users.lendTo',
    note: 'admin.users.lendNote',
    label: 'admin.users.lend',
  },
  repay: {
    path: '/admin/api/loans/repay',
    title: 'admin.users.repayFor',
    note: 'admin.users.repayNote',
    label: 'admin.users.repay',
  },
};

/**
 * What an admin does to a user: settings (VIP, volume, mode, compliance), lock, and — in a test
 * environment — simulated deposits and withdrawals of spot balances, and loans to a unified account.
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
      <WriteButton
        area="admin"
        variant="light"
        onClick={() => movement.setCreate({ kind: 'lend' })}
        disabledReason={
          notTest ?? (user.account_mode === 'classic' ? t('admin.users.lendUnifiedOnly') : null)
        }
        testId="user-lend"
      >
        {t('admin.users.lend')}
      </WriteButton>
      <WriteButton
        area="admin"
        variant="light"
        onClick={() => movement.setCreate({ kind: 'repay' })}
        disabledReason={notTest}
        testId="user-repay"
      >
        {t('admin.users.repay')}
      </WriteButton>
      <RecordForm
        opened={settings.dialog !== null}
        onClose={settings.close}
        title={t('admin.users.settingsOf', { email: user.email })}
        specs={userSettingsSpecs}
        mode="edit"
        row={settings.dialog?.row}
        preset={settings.dialog?.preset}
        reviewFirst={settings.dialog?.reviewFirst}
        area="admin"
        invalidate={refresh}
        submit={(body, idempotencyKey) =>
          adminSend('put', '/admin/api/users/{user}', {
            params: { user: user.id },
            body: formBody(body),
            idempotencyKey,
          })
        }
        testId="user-settings-form"
      />
      <RecordForm
        opened={movement.dialog !== null}
        onClose={movement.close}
        title={t(MOVEMENTS[kind].title, { email: user.email })}
        specs={movementSpecs}
        mode="create"
        area="admin"
        invalidate={refresh}
        reviewNote={t(MOVEMENTS[kind].note)}
        submit={(body, idempotencyKey) =>
          adminSend('post', MOVEMENTS[kind].path, {
            body: formBody({ ...body, user: user.id }),
            idempotencyKey,
          })
        }
        submitLabel={t(MOVEMENTS[kind].label)}
        testId="movement-form"
      />
    </Group>
  );
}
