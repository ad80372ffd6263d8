import { Alert, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Access } from '../api/access';
import { displayValue } from './display';
import type { Change, FormMode, FormValues } from './fields';
import { ImpactPanel, type ImpactRequest } from './ImpactPanel';
import type { RateToConfirm } from './rate-confirm';

/** The record dialog's second step: what will change, a live rate's impact, and the Save. */
export function ReviewStep({
  mode,
  note,
  changes,
  values,
  impacts,
  failure,
  access,
  saving,
  submitLabel,
  onBack,
  onSave,
  notice,
}: {
  mode: FormMode;
  note: ReactNode;
  changes: Change[];
  values: FormValues;
  impacts: ImpactRequest[];
  failure: string | null;
  access: Access;
  saving: boolean;
  submitLabel?: ReactNode;
  onBack: () => void;
  onSave: () => void;
  /** The save's retry notice (MoneySubmitNotice), right above the button that sent it. */
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text size="sm">{mode === 'edit' ? t('admin.review.editIntro') : t('admin.review.createIntro')}</Text>
      <ReviewNote note={note} />
      <ReviewTable changes={changes} values={values} mode={mode} />
      {impacts.map((request) => (
        <ImpactPanel key={request.path} request={request} />
      ))}
      {failure && (
        <Alert color="red" variant="light" data-testid="form-failure">
          {failure}
        </Alert>
      )}
      {access.reason && (
        <Alert color="yellow" variant="light" data-testid="form-denied">
          {access.reason}
        </Alert>
      )}
      {notice}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          {t('admin.form.back')}
        </Button>
        <Button onClick={onSave} loading={saving} disabled={!access.allowed} data-testid="form-save">
          {submitLabel ?? (mode === 'edit' ? t('admin.form.save') : t('admin.form.create'))}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The second confirmation of unusual rates: each named with the APR users would see, and why it is
 * asked (above the ceiling in the settings, or more than 3 times the current rate).
 */
export function ConfirmRates({
  rates,
  saving,
  failure,
  onBack,
  onConfirm,
  notice,
}: {
  rates: RateToConfirm[];
  saving: boolean;
  failure: string | null;
  onBack: () => void;
  onConfirm: () => void;
  /** The save's retry notice (MoneySubmitNotice), right above the button that sent it. */
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="rate-confirm" role="group" aria-labelledby="rate-confirm-title">
      <Alert color="orange" variant="light">
        <Title order={3} size="h5" id="rate-confirm-title" mb="xs">
          {t('admin.rate.confirmTitle')}
        </Title>
        <List spacing="xs" size="sm">
          {rates.map((r) => (
            <List.Item key={r.field} data-rate={r.field}>
              <Text fw={600} size="sm" data-testid="rate-confirm-question">
                {r.question}
              </Text>
              <Text size="sm" c="dimmed">
                {r.why}
              </Text>
            </List.Item>
          ))}
        </List>
      </Alert>
      {failure && (
        <Alert color="red" variant="light" data-testid="form-failure">
          {failure}
        </Alert>
      )}
      {notice}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          {t('admin.form.back')}
        </Button>
        <Button onClick={onConfirm} loading={saving} data-testid="rate-confirm-yes">
          {rates.length === 1 && rates[0]
            ? t('admin.rate.confirmOne', { apr: rates[0].apr })
            : t('admin.rate.confirmAll')}
        </Button>
      </Group>
    </Stack>
  );
}

/** What the review says besides the values: a plain text in a note, a component as it is. */
function ReviewNote({ note }: { note: ReactNode }) {
  if (typeof note !== 'string') return <>{note}</>;
  return (
    <Alert color="blue" variant="light" data-testid="review-note">
      {note}
    </Alert>
  );
}

/** Before → after of each changed field (a creation's "before" is empty). */
export function ReviewTable({
  changes,
  values,
  mode,
}: {
  changes: Change[];
  values: FormValues;
  mode: FormMode;
}) {
  const { t } = useTranslation();
  return (
    <Table withTableBorder fz="sm" data-testid="review-table" aria-label={t('admin.review.caption')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('admin.review.field')}</Table.Th>
          {mode === 'edit' && <Table.Th>{t('admin.review.before')}</Table.Th>}
          <Table.Th>{mode === 'edit' ? t('admin.review.after') : t('admin.review.value')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((c) => (
          <Table.Tr key={c.spec.key} data-change={c.spec.key}>
            <Table.Td fw={500}>{t(c.spec.label)}</Table.Td>
            {mode === 'edit' && (
              <Table.Td
                c="dimmed"
                className="num"
                style={{ wordBreak: 'break-all' }}
                data-testid="review-before"
              >
                {displayValue(c.spec, c.before, values)}
              </Table.Td>
            )}
            <Table.Td className="num" fw={600} style={{ wordBreak: 'break-all' }} data-testid="review-after">
              {displayValue(c.spec, c.after, values)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
