import { Code } from '@earn/domain';
import { Alert, Button, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../api/errors';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { useMoneySubmit } from '../../../components/money-submit/useMoneySubmit';
import { useAccess, type WriteArea } from '../api/access';
import { errorText, isApiError } from '../api/http';
import { displayValue } from './display';
import { FieldInput } from './FieldInput';
import {
  type Change,
  changedFields,
  createBody,
  editBody,
  type FieldError,
  type FieldSpec,
  type FormMode,
  type FormValues,
  initialValues,
  toFormValue,
  validateForm,
  visibleFields,
} from './fields';
import { ImpactPanel, type ImpactRequest } from './ImpactPanel';
import { type RateToConfirm, ratesToConfirm, specOfPath } from './rate-confirm';

export interface RecordFormProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  specs: FieldSpec[];
  mode: FormMode;
  /** The record being edited, as its list gives it. */
  row?: Record<string, unknown> | null;
  /** Starting values of a creation, by field key (wire values). */
  defaults?: Record<string, unknown>;
  /** Values laid over the record's when the dialog opens (e.g. an Open or Close action's status). */
  preset?: Record<string, unknown>;
  /** Opens on the review (an action whose change is the preset). */
  reviewFirst?: boolean;
  area: WriteArea;
  /**
   * Sends the body (the changed fields of an edit, every given field of a creation) with the save's
   * Idempotency-Key: one per action, the same for a second click and for a second try after a failure.
   */
  submit: (body: Record<string, unknown>, idempotencyKey: string) => Promise<unknown>;
  /** The save button's text when not Save or Create (e.g. Fund, Publish). */
  submitLabel?: string;
  /** Lists to refresh once saved. */
  invalidate: QueryKey[];
  /** The previews of a live record's rate edits, when the changes call for any. */
  impact?: (changes: Change[]) => ImpactRequest[];
  /** Shown above the review (e.g. what a pool's funding takes from the project account). */
  reviewNote?: ReactNode | ((wire: Record<string, unknown>) => ReactNode);
  /**
   * What the record is, for the second confirmation of an unusual rate ("USDT flexible" in "Set USDT
   * flexible APR this hour to 600.00 %?"); from the form's values for a creation.
   */
  subject?: string | ((wire: Record<string, unknown>) => string);
  testId?: string;
}

/** A server refusal that names a field (`params.field`) is shown under that field. */
function fieldOfError(e: unknown, specs: FieldSpec[]): string | null {
  if (!isApiError(e)) return null;
  const field = e.params.field;
  if (typeof field !== 'string') return null;
  return specOfPath(specs, field)?.key ?? null;
}

/** The body refused for its unusual rates, and those rates, awaiting the operator's second yes. */
interface Pending {
  body: Record<string, unknown>;
  rates: RateToConfirm[];
}

/**
 * A record's create or edit dialog in two steps: the form, then the review of what will change
 * (before → after for each field, and a live rate's impact) with the Save. An edit sends only the
 * fields the operator changed.
 */
export function RecordForm(props: RecordFormProps) {
  const { opened, onClose, title, specs, mode, row, defaults, testId = 'record-form' } = props;
  const { t } = useTranslation();
  const client = useQueryClient();
  const access = useAccess(props.area);
  const initial = useMemo(() => initialValues(specs, row, defaults), [specs, row, defaults]);
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [step, setStep] = useState<'form' | 'review' | 'confirm'>('form');
  const [pending, setPending] = useState<Pending | null>(null);
  // Every console write goes through here: one save is one write, whatever the clicks.
  const saver = useMoneySubmit();
  const { reset: newAction } = saver;
  const [failure, setFailure] = useState<string | null>(null);
  const [nothing, setNothing] = useState(false);

  useEffect(() => {
    if (opened) {
      const preset = props.preset ?? {};
      const laid = { ...initial };
      for (const spec of specs) if (spec.key in preset) laid[spec.key] = toFormValue(spec, preset[spec.key]);
      setValues(laid);
      setErrors({});
      setStep(props.reviewFirst ? 'review' : 'form');
      setFailure(null);
      setNothing(false);
      setPending(null);
      newAction();
    }
  }, [opened, initial, specs, props.preset, props.reviewFirst, newAction]);

  const validated = useMemo(() => validateForm(specs, values, mode), [specs, values, mode]);
  const changes = useMemo(
    () =>
      mode === 'edit'
        ? changedFields(specs, initial, values)
        : visibleFields(specs, 'create')
            .filter((s) => validated.wire[s.key] !== undefined)
            .map((s) => ({ spec: s, before: undefined, after: validated.wire[s.key] })),
    [mode, specs, initial, values, validated],
  );
  const impacts = step === 'review' && props.impact ? props.impact(changes) : [];

  const review = () => {
    setErrors(validated.errors);
    setFailure(null);
    if (Object.keys(validated.errors).length > 0) return;
    if (mode === 'edit' && changes.length === 0) {
      setNothing(true);
      return;
    }
    setNothing(false);
    setStep('review');
  };

  /**
   * Sends the body; a rate the server's guard finds unusual (above the ceiling, or a jump) comes back
   * refused, nothing changed, and is asked about once more, naming the APR users would see; the
   * operator's yes sends the same body again with `confirm_rate` (another body: its own key, as the
   * refused call stored nothing).
   */
  const send = async (body: Record<string, unknown>) => {
    try {
      const sent = await saver.run(body, (idempotencyKey) => {
        setFailure(null);
        return props.submit(body, idempotencyKey);
      });
      if (!sent) return;
      await Promise.all(props.invalidate.map((key) => client.invalidateQueries({ queryKey: key })));
      client.invalidateQueries({ queryKey: ['admin', 'audit'] });
      toast('success', t('admin.form.saved'));
      onClose();
    } catch (e) {
      if (isApiError(e) && e.code === Code.RATE_CONFIRMATION_REQUIRED && body.confirm_rate !== true) {
        const subject =
          typeof props.subject === 'function' ? props.subject(validated.wire) : (props.subject ?? '');
        setPending({ body, rates: ratesToConfirm(e, specs, subject) });
        setStep('confirm');
        return;
      }
      const field = fieldOfError(e, specs);
      if (field) {
        setErrors({ [field]: { key: 'admin.form.server', params: { message: errorText(e) } } });
        setStep('form');
      }
      setFailure(errorText(e));
    }
  };
  const save = () => send(mode === 'edit' ? editBody(changes) : createBody(specs, validated.wire));

  const set = (key: string, value: string | boolean) => {
    setValues((v) => ({ ...v, [key]: value }));
    setNothing(false);
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  const fields = visibleFields(specs, mode);
  // Closed, the dialog is not in the page at all: each opening starts from the record afresh.
  if (!opened) return null;
  return (
    <DialogFrame
      opened={opened}
      onClose={onClose}
      size={880}
      padding="lg"
      title={title}
      testId={testId}
      step={step}
      className="admin-modal"
      fullScreenOnMobile={false}
    >
      {step === 'confirm' && pending ? (
        <ConfirmRates
          rates={pending.rates}
          saving={saver.pending}
          failure={failure}
          onBack={() => {
            setPending(null);
            setStep('review');
          }}
          onConfirm={() => send({ ...pending.body, confirm_rate: true })}
        />
      ) : step === 'form' ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            {fields.map((spec) => (
              <div key={spec.key} style={spec.wide ? { gridColumn: '1 / -1' } : undefined}>
                <FieldInput
                  spec={spec}
                  value={values[spec.key] ?? ''}
                  values={values}
                  error={errors[spec.key]}
                  readOnly={mode === 'edit' && spec.createOnly}
                  onChange={(v) => set(spec.key, v)}
                />
              </div>
            ))}
          </SimpleGrid>
          {nothing && (
            <Alert color="gray" variant="light" data-testid="form-nothing">
              {t('admin.form.nothingChanged')}
            </Alert>
          )}
          {failure && (
            <Alert color="red" variant="light" data-testid="form-failure">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={review} data-testid="form-review">
              {t('admin.form.review')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">
            {mode === 'edit' ? t('admin.review.editIntro') : t('admin.review.createIntro')}
          </Text>
          <ReviewNote
            note={
              typeof props.reviewNote === 'function' ? props.reviewNote(validated.wire) : props.reviewNote
            }
          />
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
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('form')}>
              {t('admin.form.back')}
            </Button>
            <Button
              onClick={() => void save()}
              loading={saver.pending}
              disabled={!access.allowed}
              data-testid="form-save"
            >
              {props.submitLabel ?? (mode === 'edit' ? t('admin.form.save') : t('admin.form.create'))}
            </Button>
          </Group>
        </Stack>
      )}
    </DialogFrame>
  );
}

/**
 * The second confirmation of unusual rates: each named with the APR users would see, and why it is
 * asked (above the ceiling in the settings, or more than 3 times the current rate).
 */
function ConfirmRates({
  rates,
  saving,
  failure,
  onBack,
  onConfirm,
}: {
  rates: RateToConfirm[];
  saving: boolean;
  failure: string | null;
  onBack: () => void;
  onConfirm: () => void;
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
