import '../i18n/register';
import { SimpleEarnPageSize } from '@earn/domain';
import { Card, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useMe } from '../../../app/auth';
import { QueryState } from '../../../components/query-state/QueryState';
import { HistoryView, useHistoryDefault } from '../components/HistoryView';
import { SeNav } from '../components/SeNav';

/** `/simple-earn/history`: the history tables; `tab` and `type` in the query choose the start. */
export default function HistoryPage() {
  const { t } = useTranslation();
  const { me } = useMe();
  const [params] = useSearchParams();
  const { initial, probe } = useHistoryDefault({ tab: params.get('tab'), type: params.get('type') });
  if (me === null) return <Navigate to="/login?redirect=%2Fsimple-earn%2Fhistory" replace />;
  return (
    <>
      <SeNav title={t('se.nav.history')} />
      <Card className="surface">
        <QueryState queries={probe} loading={<Skeleton h={240} />} data-testid="history">
          {initial && <HistoryView initial={initial} pageSize={SimpleEarnPageSize.historyPage} />}
        </QueryState>
      </Card>
    </>
  );
}
