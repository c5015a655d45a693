import { type SimulatorStatusResponse, simulatorStatusResponseSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `GET /api/simulator/status`: whether connections may use the simulator provider here. */
export function getSimulatorStatus(): Promise<SimulatorStatusResponse> {
  return api.get('/simulator/status', { schema: simulatorStatusResponseSchema });
}

/** Silent: where the simulator is off (or its route absent) the modal simply offers no choice. */
export function getSimulatorStatusQueryOptions() {
  return queryOptions({
    queryKey: ['connections', 'simulator-status'] as const,
    queryFn: getSimulatorStatus,
    meta: { silent: true },
    retry: false,
    staleTime: Infinity,
  });
}

export function useSimulatorEnabled(): boolean {
  return useQuery(getSimulatorStatusQueryOptions()).data?.enabled === true;
}
