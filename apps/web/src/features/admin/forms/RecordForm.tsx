import { Code } from '@earn/domain';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../api/errors';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { MoneySubmitNotice } from '../../../components/money-submit/MoneySubmitNotice';
import { useMoneySubmit } from '../../../components/money-submit/useMoneySubmit';
import { useAccess, type WriteArea } from '../api/access';
import { errorText, isApiError } from '../api/http';
import { FormStep } from './FormStep';
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
import type { ImpactRequest } from './ImpactPanel';
import { ConfirmRates, ReviewStep } from './ReviewStep';
import { type RateToConfirm, ratesToConfirm, specOfPath } from './rate-confirm';

export interface RecordFormProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  specs: FieldSpec[];
  mode: FormMode;
  /** The record being edited, as its list gives it. */
  /** The row edited, as the API lists it (any wire type; the specs read its fields). */
  row?: object | null;
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

/** What the review lists: an edit's changed fields, or every field a creation gives a value. */
function formChanges(
  mode: FormMode,
  specs: FieldSpec[],
  initial: FormValues,
  values: FormValues,
  wire: Record<string, unknown>,
): Change[] {
  if (mode === 'edit') return changedFields(specs, initial, values);
  return visibleFields(specs, 'create')
    .filter((s) => wire[s.key] !== undefined)
    .map((s) => ({ spec: s, before: undefined, after: wire[s.key] }));
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
  const lastBody = useRef<Record<string, unknown>>({}); // The notice's Retry sends it again (same key).
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
    () => formChanges(mode, specs, initial, values, validated.wire),
    [mode, specs, initial, values, validated],
  );
  const impacts = step === 'review' && props.impact ? props.impact(changes) : [];

  const review = () => {
    setErrors(validated.errors);
    setFailure(null);
    if (Object.keys(validated.errors).length > 0) return;
    const nothingChanged = mode === 'edit' && changes.length === 0;
    setNothing(nothingChanged);
    if (!nothingChanged) setStep('review');
  };

  /**
   * Sends the body; a rate the server's guard finds unusual (above the ceiling, or a jump) comes back
   * refused, nothing changed, and is asked about once more, naming the APR users would see; the
   * operator's yes sends the same body again with `confirm_rate` (another body: its own key, as the
   * refused call stored nothing).
   */
  const send = async (body: Record<string, unknown>) => {
    lastBody.current = body;
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
  const notice = <MoneySubmitNotice submit={saver} onRetry={() => void send(lastBody.current)} />;
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
          notice={notice}
        />
      ) : step === 'form' ? (
        <FormStep
          fields={fields}
          values={values}
          errors={errors}
          mode={mode}
          nothing={nothing}
          failure={failure}
          onChange={set}
          onClose={onClose}
          onReview={review}
        />
      ) : (
        <ReviewStep
          mode={mode}
          note={typeof props.reviewNote === 'function' ? props.reviewNote(validated.wire) : props.reviewNote}
          changes={changes}
          values={values}
          impacts={impacts}
          failure={failure}
          access={access}
          saving={saver.pending}
          submitLabel={props.submitLabel}
          onBack={() => setStep('form')}
          onSave={() => void save()}
          notice={notice}
        />
      )}
    </DialogFrame>
  );
}
