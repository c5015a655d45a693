import {
  type GroupContact,
  type GroupListResponse,
  GROUPS_PAGE_SIZE,
  type GroupUpdateBody,
  SUMMARY_MESSAGES,
  summaryTimeProblem,
} from '@app/contracts';
import { AppError, type Tenancy } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { AI_OPTIONS, type AiOptions } from '../common/ai-options';
import { KeyCipher } from '../common/key-cipher';
import { keptOrSealedKey } from '../common/sealed-key';
import { type GroupChanges, GroupRepository, mapGroup } from './group.repository';
import { GroupSummaryService } from './group-summary.service';
import { minutesOfDay } from './summary-time';

const notFound = () => new AppError('ERR_NOT_FOUND', 'Group not found');
const invalid = (path: string, message: string) => new AppError('ERR_VALIDATION', message, { fields: [{ path, message }] });

/**
 * The company's group contacts (/transcribe): the transcription toggle, saved alone, and the summary
 * settings, whose key is kept encrypted and shown as the mask and its last 4 characters. A summary
 * switched on needs a model and a key; a changed time must be at least a minute ahead in the
 * company's zone. Saving schedules the group's next summary.
 */
@Injectable()
export class GroupService {
  constructor(
    private readonly groups: GroupRepository,
    private readonly cipher: KeyCipher,
    private readonly summaries: GroupSummaryService,
    @Inject(AI_OPTIONS) private readonly options: AiOptions,
  ) {}

  async page(tenancy: Tenancy, searchParam: string, pageNumber: number): Promise<GroupListResponse> {
    const { rows, count } = await this.groups.page(tenancy.companyId, searchParam, pageNumber);
    return { contacts: rows.map(mapGroup), count, hasMore: count > pageNumber * GROUPS_PAGE_SIZE };
  }

  async update(tenancy: Tenancy, id: number, body: GroupUpdateBody): Promise<GroupContact> {
    return this.groups.transaction(async (manager) => {
      const current = await this.groups.lock(manager, tenancy.companyId, id);
      if (!current) throw notFound();
      const now = this.options.now?.() ?? new Date();
      const changes: GroupChanges = { ...body, resumekey: undefined };
      if (body.resumekey !== undefined) {
        changes.resumekey = keptOrSealedKey(this.cipher, body.resumekey, { stored: current.resumekey, shown: current.resumekey_shown });
      }
      if (body.resumeprovider !== undefined && body.resumeprovider !== current.resumeprovider && body.resumemodel === undefined) {
        // Spec 3: changing the provider clears the model.
        changes.resumemodel = '';
      }
      const timeChanged = body.timeresume !== undefined && body.timeresume !== current.timeresume;
      const switchedOn = body.resumegroup === true && !current.resumegroup;
      const resumegroup = body.resumegroup ?? current.resumegroup;
      if (resumegroup) {
        if (!(changes.resumemodel ?? current.resumemodel)) throw invalid('resumemodel', SUMMARY_MESSAGES.modelRequired);
        if (!(changes.resumekey?.stored ?? current.resumekey)) throw invalid('resumekey', SUMMARY_MESSAGES.keyRequired);
        if (timeChanged || switchedOn) {
          const timeZone = await this.groups.timeZone(manager, tenancy.companyId);
          const problem = summaryTimeProblem(body.timeresume ?? current.timeresume, minutesOfDay(now, timeZone));
          if (problem) throw invalid('timeresume', SUMMARY_MESSAGES.timeTooSoon.replace('{{after}}', problem.after));
        }
      }
      if (timeChanged || switchedOn) changes.summaryFrom = now;
      const saved = await this.groups.update(manager, id, changes);
      if (saved.resumegroup) await this.summaries.scheduleNext(manager, saved, now);
      return mapGroup(saved);
    });
  }
}
