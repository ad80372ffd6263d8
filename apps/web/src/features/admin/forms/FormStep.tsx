import { Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FieldInput } from './FieldInput';
import type { FieldError, FieldSpec, FormMode, FormValues } from './fields';

/** The record dialog's first step: its fields in two columns, what is wrong, Cancel and Review. */
export function FormStep({
  fields,
  values,
  errors,
  mode,
  nothing,
  failure,
  onChange,
  onClose,
  onReview,
}: {
  fields: FieldSpec[];
  values: FormValues;
  errors: Record<string, FieldError>;
  mode: FormMode;
  /** An edit that changes nothing was asked to be reviewed. */
  nothing: boolean;
  failure: string | null;
  onChange: (key: string, value: string | boolean) => void;
  onClose: () => void;
  onReview: () => void;
}) {
  const { t } = useTranslation();
  return (
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
              onChange={(v) => onChange(spec.key, v)}
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
        <Button onClick={onReview} data-testid="form-review">
          {t('admin.form.review')}
        </Button>
      </Group>
    </Stack>
  );
}
