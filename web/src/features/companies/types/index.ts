import {
  advanceDueDate,
  type CompanyCreateRequest,
  type CompanyPageResponse,
  type CompanyResponse,
  type CompanyUpdateRequest,
  type PlanResponse,
  type Recurrence,
  RECURRENCES,
  WEEKDAYS_EN,
  type WeeklyScheduleEntry,
} from '@app/contracts';

export {
  advanceDueDate,
  type CompanyCreateRequest,
  type CompanyPageResponse,
  type CompanyResponse,
  type CompanyUpdateRequest,
  type PlanResponse,
  type Recurrence,
  RECURRENCES,
  WEEKDAYS_EN,
  type WeeklyScheduleEntry,
};
