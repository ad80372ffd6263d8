import { type AprAlertLine, dec, MAX_APR_ALERTS_PER_USER } from '@earn/domain';
import { ActionIcon, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { toast } from '../../api/errors';
import { translateKey } from '../../i18n';
import { DialogFrame } from '../dialog-frame/DialogFrame';
import { type AprAlert, addAlert, aprAlertKeys, aprAlertQueries, deleteAlert } from './api';
import './i18n';

export interface AprAlertTarget {
  line: AprAlertLine;
  asset: string;
  /**
   * The product watched where the asset alone does not name it: a fixed product, a launch pool's rid,
   * a staking defi protocol's pid; absent for flexible, soft staking and staking at its own rate.
   */
  productId?: number;
  /** The product's name where the asset alone does not tell it apart (a launch pool, a protocol). */
  name?: string;
  /** The product's APR now, as a fraction ("0.0523"). */
  currentRate?: string;
}

/** A threshold as typed: a positive percentage up to 1000 with at most 4 decimals, or null. */
export function parseAprInput(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}(\.\d{1,4})?$/.test(trimmed)) return null;
  const value = dec(trimmed);
  return value.gt(0) && value.lte(1000) ? value.toFixed() : null;
}

const percent = (fraction: string) => dec(fraction).times(100).toDecimalPlaces(4).toFixed();

function matches(a: AprAlert, target: AprAlertTarget): boolean {
  return (
    a.line === target.line &&
    a.asset === target.asset &&
    (a.product_id ?? null) === (target.productId ?? null)
  );
}

/** Adding an alert (told when it is added or refused) and deleting one; both refresh the list. */
function useAlertWrites(onAdded: () => void, onRefused: (message: string) => void) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const add = useMutation({
    mutationFn: addAlert,
    meta: { silent: true },
    onSuccess: () => {
      onAdded();
      toast('success', t('aprAlert.added'));
      void client.invalidateQueries({ queryKey: aprAlertKeys.alerts });
    },
    onError: (e) =>
      onRefused(isApiError(e) ? translateKey(e.key, e.params, e.message) : t('request.data.error')),
  });
  const remove = useMutation({
    mutationFn: deleteAlert,
    onSuccess: () => void client.invalidateQueries({ queryKey: aprAlertKeys.alerts }),
  });
  return { add, remove };
}

/**
 * "Tell me when the APR reaches / falls below X %": set, list and delete a product's alerts. Given
 * several targets (a staking product's defi protocols, each with its own rate and product_id), the
 * user picks the one watched first; the title, the current APR and the list follow the pick.
 */
export default function AprAlertDialog({
  target: given,
  onClose,
}: {
  target: AprAlertTarget | readonly AprAlertTarget[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const targets: readonly AprAlertTarget[] = Array.isArray(given) ? given : [given as AprAlertTarget];
  const [picked, setPicked] = useState(0);
  const target = targets[picked] ?? (targets[0] as AprAlertTarget);
  const alerts = useQuery(aprAlertQueries.alerts());
  const [direction, setDirection] = useState<'above' | 'below'>('above');
  const [aprText, setAprText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { add, remove } = useAlertWrites(
    () => setAprText(''),
    (message) => setError(message),
  );
  const mine = (alerts.data?.list ?? []).filter((a) => matches(a, target));

  const submit = () => {
    const apr = parseAprInput(aprText);
    if (!apr) return setError(t('aprAlert.invalid'));
    setError(null);
    add.mutate({ line: target.line, asset: target.asset, product_id: target.productId, direction, apr });
  };

  return (
    <DialogFrame
      opened
      onClose={onClose}
      title={
        target.name
          ? t('aprAlert.titleNamed', { asset: target.asset, name: target.name })
          : t('aprAlert.title', { asset: target.asset })
      }
      fullScreenOnMobile={false}
      size="md"
    >
      <Stack gap="md">
        {targets.length > 1 && (
          <Stack gap={6}>
            <Text size="sm" fw={500} id="apr-alert-choice">
              {t('aprAlert.protocol')}
            </Text>
            <SegmentedControl
              aria-labelledby="apr-alert-choice"
              value={String(picked)}
              onChange={(v) => {
                setPicked(Number(v));
                setError(null);
              }}
              data={targets.map((c, i) => ({ value: String(i), label: c.name ?? c.asset }))}
              fullWidth
              data-testid="alert-choice"
            />
          </Stack>
        )}
        {target.currentRate !== undefined && (
          <Text size="sm" c="dimmed" data-testid="alert-current">
            {t('aprAlert.current', { apr: percent(target.currentRate) })}
          </Text>
        )}
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('aprAlert.direction')}
          </Text>
          <SegmentedControl
            value={direction}
            onChange={(v) => setDirection(v as 'above' | 'below')}
            data={[
              { value: 'above', label: t('aprAlert.above') },
              { value: 'below', label: t('aprAlert.below') },
            ]}
            fullWidth
          />
        </Stack>
        <TextInput
          label={t('aprAlert.apr')}
          value={aprText}
          onChange={(e) => {
            setAprText(e.currentTarget.value);
            setError(null);
          }}
          inputMode="decimal"
          rightSection="%"
          error={error}
          data-testid="alert-apr"
        />
        <Text size="xs" c="dimmed">
          {t('aprAlert.max', { max: MAX_APR_ALERTS_PER_USER })}
        </Text>
        <Button onClick={submit} loading={add.isPending} data-testid="alert-add">
          {t('aprAlert.add')}
        </Button>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {target.name
              ? t('aprAlert.listNamed', { asset: target.asset, name: target.name })
              : t('aprAlert.list', { asset: target.asset })}
          </Text>
          {mine.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('aprAlert.none')}
            </Text>
          ) : (
            mine.map((a) => (
              <Group key={a.id} justify="space-between" wrap="nowrap" data-testid="alert-row">
                <Text size="sm">
                  {t(`aprAlert.item.${a.direction}`, { apr: a.apr })}
                  {a.fired > 0 && (
                    <Text span size="xs" c="dimmed">
                      {' · '}
                      {t('aprAlert.fired', { count: a.fired })}
                    </Text>
                  )}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${t('aprAlert.delete')}: ${t(`aprAlert.item.${a.direction}`, { apr: a.apr })}`}
                  onClick={() => remove.mutate(a.id)}
                  loading={remove.isPending && remove.variables === a.id}
                >
                  <svg
                    width={16}
                    height={16}
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={1.8}
                    aria-hidden="true"
                  >
                    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
                  </svg>
                </ActionIcon>
              </Group>
            ))
          )}
        </Stack>
      </Stack>
    </DialogFrame>
  );
}
