import './i18n';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trackClick } from '../../api/analytics';
import { browserTimeZone, type CsvExport, csvExportUrl } from './csvUrl';

/**
 * Downloads a history as CSV from the statement export (the server streams it; nothing is built in
 * the browser): the line, the coin and the range the history shows, times in the browser's zone.
 */
export default function ExportCsvButton(props: CsvExport & { testId?: string }) {
  const { t } = useTranslation();
  const { testId = 'export-csv', ...csv } = props;
  const tz = browserTimeZone();
  return (
    <Button
      component="a"
      href={csvExportUrl(csv, tz)}
      download
      variant="default"
      size="xs"
      aria-label={t('exportCsv.label', { tz })}
      onClick={() => trackClick('history.export', { line: csv.line })}
      data-testid={testId}
    >
      {t('exportCsv.button')}
    </Button>
  );
}
