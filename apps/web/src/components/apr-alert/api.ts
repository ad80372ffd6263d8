import { queryOptions } from '@tanstack/react-query';
import { callApi, getData } from '../../api/typed';
import type { ApiBody, ApiData } from '../../api/types';

export type AprAlert = ApiData<'/api/web/v1/earn/apr-alerts'>['list'][number];

/** Under 'notifications', so refreshing the notifications refreshes the alerts that fired too. */
export const aprAlertKeys = {
  alerts: ['notifications', 'apr-alerts'] as const,
};

export const aprAlertQueries = {
  alerts: () =>
    queryOptions({
      queryKey: aprAlertKeys.alerts,
      queryFn: ({ signal }) => getData('/api/web/v1/earn/apr-alerts', { signal }),
    }),
};

export const addAlert = (body: ApiBody<'/api/web/v1/earn/apr-alerts'>) =>
  callApi('post', '/api/web/v1/earn/apr-alerts', { body });

export const deleteAlert = (id: number) =>
  callApi('delete', '/api/web/v1/earn/apr-alerts/{id}', { params: { id } });
