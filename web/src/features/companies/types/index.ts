import {
  RECURRENCES,
  WEEKDAYS_EN,
  advanceDueDate,
  type CompanyCreateRequest,
  type CompanyPageResponse,
  type CompanyResponse,
  type CompanyUpdateRequest,
  type PlanResponse,
  type Recurrence,
  type WeeklyScheduleEntry,
} from '@app/contracts';

export {
  RECURRENCES,
  WEEKDAYS_EN,
  advanceDueDate,
  type CompanyCreateRequest,
  type CompanyPageResponse,
  type CompanyResponse,
  type CompanyUpdateRequest,
  type PlanResponse,
  type Recurrence,
  type WeeklyScheduleEntry,
};
