import { isPlainDecimal, ladderIssues, leftRightBands } from '@earn/domain';
import { ActionIcon, Button, Checkbox, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Tier {
  left: string;
  right: string;
  apr: string;
}

/** The form keeps a ladder as its JSON text (what is sent and compared); rows are read from it. */
function readTiers(value: string): Tier[] | undefined {
  try {
    const parsed: unknown = JSON.parse(value || '[]');
    if (!Array.isArray(parsed)) return undefined;
    return parsed.map((t: Record<string, unknown>) => ({
      left: String(t.left ?? ''),
      right: String(t.right ?? ''),
      apr: String(t.apr ?? ''),
    }));
  } catch {
    return undefined;
  }
}

/**
 * A simple-earn ladder as rows: from, to (or "and above" on the last), APR in percent (the form's
 * text holds percents; forms/percent.ts turns them into the wire's fractions). Each
 * row starts where the one before ends, so "from" follows the row above; the domain's one ladder rule
 * checks the rows as typed and names the row that breaks it, before the server does the same.
 */
export function LadderInput({
  label,
  description,
  value,
  readOnly,
  onChange,
  field,
}: {
  label: string;
  description?: string;
  value: string;
  readOnly?: boolean;
  onChange: (value: string) => void;
  field: string;
}) {
  const { t } = useTranslation();
  const tiers = readTiers(value);
  if (!tiers) return null;
  const write = (next: Tier[]) => {
    // Each tier starts where the one before ends.
    const chained = next.map((tier, i) =>
      i === 0 ? tier : { ...tier, left: next[i - 1]?.right ?? tier.left },
    );
    onChange(JSON.stringify(chained));
  };
  const set = (i: number, patch: Partial<Tier>) =>
    write(tiers.map((tier, k) => (k === i ? { ...tier, ...patch } : tier)));
  const issues = tiers.every(
    (tier) => isPlainDecimal(tier.left) && (tier.right === '' || isPlainDecimal(tier.right)),
  )
    ? ladderIssues(field, leftRightBands(tiers))
    : [];
  const issueOf = (i: number) => issues.find((x) => x.field === `${field}.${i}`);
  return (
    <Input.Wrapper label={label} description={description} data-field={field}>
      <Stack gap="xs" mt={6}>
        {tiers.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('admin.ladder.none')}
          </Text>
        )}
        {tiers.map((tier, i) => {
          const last = i === tiers.length - 1;
          const problem = issueOf(i);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a tier is its position in the ladder
            <Stack key={i} gap={2}>
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  label={t('admin.ladder.from')}
                  value={tier.left}
                  readOnly={readOnly || i > 0}
                  variant={readOnly || i > 0 ? 'filled' : undefined}
                  onChange={(e) => set(i, { left: e.currentTarget.value })}
                  inputMode="decimal"
                  w={130}
                />
                <TextInput
                  label={t('admin.ladder.to')}
                  value={tier.right}
                  placeholder={last ? t('admin.ladder.andAbove') : undefined}
                  disabled={last && tier.right === ''}
                  readOnly={readOnly}
                  onChange={(e) => set(i, { right: e.currentTarget.value })}
                  inputMode="decimal"
                  w={130}
                />
                <TextInput
                  label={t('admin.ladder.apr')}
                  value={tier.apr}
                  readOnly={readOnly}
                  onChange={(e) => set(i, { apr: e.currentTarget.value })}
                  inputMode="decimal"
                  rightSection={<Text size="xs">%</Text>}
                  rightSectionPointerEvents="none"
                  w={130}
                />
                {last && !readOnly && (
                  <Checkbox
                    label={t('admin.ladder.andAbove')}
                    checked={tier.right === ''}
                    onChange={(e) => set(i, { right: e.currentTarget.checked ? '' : tier.left })}
                    mb={8}
                  />
                )}
                {!readOnly && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('admin.ladder.remove', { n: i + 1 })}
                    onClick={() => write(tiers.filter((_, k) => k !== i))}
                    mb={4}
                  >
                    ×
                  </ActionIcon>
                )}
              </Group>
              {problem && (
                <Text size="xs" c="red" role="alert">
                  {t(problem.key, { ...problem.params, field: t('admin.ladder.tier', { n: i + 1 }) })}
                </Text>
              )}
            </Stack>
          );
        })}
        {!readOnly && (
          <Button
            variant="light"
            size="xs"
            w="fit-content"
            onClick={() => {
              const prev = tiers[tiers.length - 1];
              // A new last tier starts where the open end was; the previous one gets an end to fill in.
              const start = prev ? prev.right || prev.left : '0';
              write([
                ...tiers.map((x, k) =>
                  k === tiers.length - 1 && x.right === '' ? { ...x, right: start } : x,
                ),
                { left: start, right: '', apr: '' },
              ]);
            }}
          >
            {t('admin.ladder.add')}
          </Button>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/** Whether the text is a ladder the rows can show. */
LadderInput.reads = (value: string): boolean => readTiers(value) !== undefined;
