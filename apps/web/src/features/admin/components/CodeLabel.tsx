import { Code, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The console's label families for codes the server answers. */
export type CodeFamily = 'job' | 'action' | 'reason' | 'pstatus' | 'outbox.tpl';

/**
 * A code the server answers (a job's name, an audit action, a ledger reason, a position's status, a
 * mail template) as an operator reads it: the label in the console's language. Where operators search
 * the logs by the code (jobs, audit actions, reasons), the code stays beneath in small monospace;
 * elsewhere it is the tooltip. A code the catalogue does not know yet shows as itself.
 */
export function CodeLabel({
  family,
  code,
  withCode = true,
}: {
  family: CodeFamily;
  code: string;
  /** The code beneath the label (false: only as the tooltip). */
  withCode?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const key = `admin.${family}.${code}`;
  if (!i18n.exists(key)) return <Code>{code}</Code>;
  const hint = t('admin.code.hint', { code });
  if (!withCode)
    return (
      <span title={hint} data-code={code}>
        {t(key)}
      </span>
    );
  return (
    <div data-code={code}>
      <Text size="sm" lh={1.35}>
        {t(key)}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace" lh={1.35} title={hint} style={{ wordBreak: 'break-all' }}>
        {code}
      </Text>
    </div>
  );
}
