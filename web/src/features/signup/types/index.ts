import type { PlanResponse, PublicSettingResponse } from '@app/contracts';

/** A plan as the public `GET /api/plans/list` shows it. */
export type PublicPlan = Pick<PlanResponse, 'id' | 'name' | 'users' | 'connections' | 'queues' | 'value'>;

/** `GET /api/settings/{allowregister|viewregister|trial}`. */
export type PublicSettingValue = PublicSettingResponse;
