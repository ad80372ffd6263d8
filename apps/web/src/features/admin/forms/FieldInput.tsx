import { Select, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { unitLabel } from './display';
import type { FieldError, FieldSpec, FormValue, FormValues } from './fields';
import { LadderInput } from './LadderInput';

/** One field of a record form, drawn from its description. */
export function FieldInput({
  spec,
  value,
  values,
  error,
  readOnly,
  onChange,
}: {
  spec: FieldSpec;
  value: FormValue;
  values: FormValues;
  error?: FieldError;
  readOnly?: boolean;
  onChange: (value: FormValue) => void;
}) {
  const { t } = useTranslation();
  const label = t(spec.label);
  // A rate is typed in percent whatever its wire unit (forms/percent.ts).
  const unit = spec.fraction ? '%' : unitLabel(spec, values);
  const description = [spec.help ? t(spec.help) : '', spec.unlimited ? t('admin.form.unlimitedHint') : '']
    .filter(Boolean)
    .join(' ');
  // Beside the input: its unit, UTC for a time.
  const side = spec.kind === 'time' ? 'UTC' : unit;
  const common = {
    label,
    description: description || undefined,
    error: error ? t(error.key, error.params ?? {}) : undefined,
    withAsterisk: spec.required,
    readOnly,
    variant: readOnly ? 'filled' : undefined,
    'data-field': spec.key,
  };
  switch (spec.kind) {
    case 'bool':
    case 'flag':
      return (
        <Switch
          label={label}
          description={common.description}
          checked={value === true}
          disabled={readOnly}
          onChange={(e) => onChange(e.currentTarget.checked)}
          data-field={spec.key}
          mt="md"
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={(spec.options ?? []).map((o) => ({ value: o.value, label: o.raw ? o.label : t(o.label) }))}
          value={String(value) || null}
          onChange={(v) => onChange(v ?? '')}
          allowDeselect={!spec.required}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'json':
    case 'textarea':
      if (spec.ladder) {
        const rows = (
          <LadderInput
            label={label}
            description={common.description}
            value={String(value)}
            readOnly={readOnly}
            onChange={onChange}
            field={spec.key}
          />
        );
        // Text that is not a list of tiers stays editable as text, with its parse error.
        if (LadderInput.reads(String(value))) return rows;
      }
      return (
        <Textarea
          {...common}
          value={String(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
          autosize
          minRows={spec.kind === 'json' ? 3 : 2}
          maxRows={12}
          styles={
            spec.kind === 'json'
              ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } }
              : undefined
          }
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={String(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
          inputMode={spec.kind === 'decimal' ? 'decimal' : spec.kind === 'int' ? 'numeric' : undefined}
          placeholder={spec.kind === 'time' ? 'YYYY-MM-DD HH:mm' : undefined}
          rightSection={side ? <span style={{ fontSize: 12, whiteSpace: 'nowrap' }}>{side}</span> : undefined}
          rightSectionWidth={side ? Math.max(44, side.length * 7 + 16) : undefined}
          rightSectionPointerEvents="none"
          autoComplete="off"
        />
      );
  }
}
