import { Text, UnstyledButton } from '@mantine/core';

/** One auto-earn mode as a radio card (the group around it handles the arrow keys). */
export function ModeOption({
  label,
  description,
  checked,
  disabled,
  onSelect,
  testId,
  tabIndex,
}: {
  label: string;
  description: string;
  checked: boolean;
  disabled: boolean;
  onSelect: () => void;
  testId: string;
  tabIndex: 0 | -1;
}) {
  return (
    <UnstyledButton
      role="radio"
      aria-checked={checked}
      tabIndex={tabIndex}
      aria-disabled={disabled}
      onClick={onSelect}
      data-testid={testId}
      p="sm"
      style={{
        flex: 1,
        minWidth: 0,
        borderRadius: 'var(--mantine-radius-md)',
        border: `1px solid ${checked ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
        background: checked ? 'var(--mantine-primary-color-light)' : undefined,
        opacity: disabled ? 0.5 : 1,
        cursor: disabled ? 'not-allowed' : 'pointer',
      }}
    >
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {description}
      </Text>
    </UnstyledButton>
  );
}
