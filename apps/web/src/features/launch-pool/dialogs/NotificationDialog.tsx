import { Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { toast } from '../../../api/errors';
import { useApiAction } from '../../../api/useApiAction';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import {
  CANDYDROP_SUBSCRIBED,
  CANDYDROP_UNSUBSCRIBED,
  HODLER_NOTIFY,
  lpKeys,
  lpQueries,
  STARTUP_MINING_SWITCH,
} from '../api/index';

function Toggle({
  label,
  description,
  checked,
  loading,
  onToggle,
  testId,
}: {
  label: string;
  description: string;
  checked: boolean | undefined;
  loading: boolean;
  onToggle: () => void;
  testId: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" py={6}>
      <div>
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      </div>
      {checked === undefined ? (
        <Loader size="xs" />
      ) : (
        <Switch
          checked={checked}
          onChange={onToggle}
          disabled={loading}
          aria-label={label}
          size="md"
          data-testid={testId}
          data-checked={checked}
        />
      )}
    </Group>
  );
}

/**
 * Notification subscriptions: CandyDrop (1 subscribed / 2 not), Launchpool (herald switch 0/1) and
 * HODLer Airdrop (0/1). Each toggle sends the opposite of the state the server last reported.
 */
export function NotificationDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const candy = useQuery({ ...lpQueries.candydrop(), enabled: opened });
  const herald = useQuery({ ...lpQueries.herald(), enabled: opened });
  const hodler = useQuery({ ...lpQueries.hodler(), enabled: opened });

  const setCandy = useApiAction({
    name: 'notify.candydrop',
    path: '/api/web/v1/task-square/subscribe-msg',
    form: true,
  });
  const setHerald = useApiAction({ name: 'notify.launchpool', path: '/apiw/v2/herald/switches' });
  // The spec: a HODLer config-set failure shows the server's message as an error toast.
  const setHodler = useApiAction({
    name: 'notify.hodler',
    path: '/apiw/v2/earn/hodler-airdrop/config_set',
    form: true,
    silent: true,
  });

  const candyOn = candy.data ? candy.data.global_subscribe_status === CANDYDROP_SUBSCRIBED : undefined;
  const heraldItem = herald.data?.items.find((i) => i.msg_switch === STARTUP_MINING_SWITCH);
  const heraldOn = herald.data ? heraldItem?.switch_status === 1 : undefined;
  const hodlerOn = hodler.data ? hodler.data.hodler_notify === 1 : undefined;

  // The switch itself shows the new state once the server has confirmed it; no toast on top.
  const done = (key: readonly unknown[]) => client.invalidateQueries({ queryKey: key });

  return (
    <DialogFrame
      opened={opened}
      onClose={onClose}
      size={440}
      title={t('launchpool.notify.title')}
      testId="notify-dialog"
    >
      <Stack gap={4}>
        <Text size="sm" c="dimmed" mb="xs">
          {t('launchpool.notify.subtitle')}
        </Text>
        <Toggle
          label={t('launchpool.notify.candydrop')}
          description={t('launchpool.notify.candydrop.desc')}
          checked={candyOn}
          loading={setCandy.isPending}
          testId="notify-candydrop"
          onToggle={() =>
            void setCandy
              .run({ aid: -1, status: candyOn ? CANDYDROP_UNSUBSCRIBED : CANDYDROP_SUBSCRIBED })
              .then(
                () => done(lpKeys.candydrop),
                () => undefined,
              )
          }
        />
        <Toggle
          label={t('launchpool.notify.launchpool')}
          description={t('launchpool.notify.launchpool.desc')}
          checked={heraldOn}
          loading={setHerald.isPending}
          testId="notify-launchpool"
          onToggle={() =>
            void setHerald.run({ sets: { [STARTUP_MINING_SWITCH]: heraldOn ? 0 : 1 } }).then(
              () => done(lpKeys.herald),
              () => undefined,
            )
          }
        />
        <Toggle
          label={t('launchpool.notify.hodler')}
          description={t('launchpool.notify.hodler.desc')}
          checked={hodlerOn}
          loading={setHodler.isPending}
          testId="notify-hodler"
          onToggle={() =>
            void setHodler.run({ name: HODLER_NOTIFY, value: hodlerOn ? '0' : '1' }).then(
              () => done(lpKeys.hodler),
              (e: unknown) => {
                if (isApiError(e) && e.kind === 'cancelled') return;
                toast('error', (isApiError(e) && e.message) || t('request.data.error'));
              },
            )
          }
        />
      </Stack>
    </DialogFrame>
  );
}
