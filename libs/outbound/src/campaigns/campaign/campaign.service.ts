import {
  type Campaign,
  CAMPAIGN_EDIT_WINDOW_MS,
  CAMPAIGN_WHATSAPP_FIELDS,
  campaignDeleted,
  type CampaignDetail,
  type CampaignFields,
  type CampaignPageResponse,
  type CampaignReport,
  CAMPAIGNS_PAGE_SIZE,
  MEDIA_UPLOAD_TYPES,
  OUTBOUND_MESSAGES,
} from '@app/contracts';
import {
  acceptedUploadType,
  AppError,
  FILE_STORAGE,
  type FileStorage,
  mediaUrlOfKey,
  OutboxWriter,
  ProjectionMiss,
  storageKeyName,
  storedFileName,
  type Tenancy,
} from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ConnectionRepository } from '../../projections/connection.repository';
import { TagContactRepository } from '../../projections/tag-contact.repository';
import { CampaignRepository, type CampaignRow, connectionsOf, mapCampaign } from '../common/campaign.repository';
import { CampaignClock } from '../common/campaign-clock';
import { CampaignEvents } from '../common/campaign-events';
import { CampaignShippingRepository } from '../common/campaign-shipping.repository';
import { scheduledAtInZone } from '../common/campaign-window';
import { CampaignStarts } from '../dispatch/campaign-starts';

export interface UploadedMedia {
  originalname: string;
  mimetype: string;
  buffer: Buffer;
  size: number;
}

const notFound = () => new AppError('ERR_NOT_FOUND', 'Campaign not found');

/**
 * Campaigns of the caller's company (spec 2): another company's campaign, or one naming another
 * company's list, tag, file list or connection, is not found (404). The routes need the plan's
 * campaigns, the company's campaignsEnabled and an admin (the controller says so).
 */
@Injectable()
export class CampaignService {
  constructor(
    private readonly campaigns: CampaignRepository,
    private readonly shipping: CampaignShippingRepository,
    private readonly starts: CampaignStarts,
    private readonly events: CampaignEvents,
    private readonly outbox: OutboxWriter,
    private readonly clock: CampaignClock,
    private readonly tags: TagContactRepository,
    private readonly connections: ConnectionRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async page(tenancy: Tenancy, searchParam: string, pageNumber: number): Promise<CampaignPageResponse> {
    const { rows, count } = await this.campaigns.page(tenancy.companyId, searchParam, pageNumber);
    return { records: rows.map(mapCampaign), count, hasMore: (pageNumber - 1) * CAMPAIGNS_PAGE_SIZE + rows.length < count };
  }

  async get(tenancy: Tenancy, id: number): Promise<CampaignDetail> {
    const row = await this.campaigns.view(null, tenancy.companyId, id);
    if (!row) throw notFound();
    const campaign = mapCampaign(row);
    const contacts = row.contact_list_id !== null ? await this.campaigns.listContacts(tenancy.companyId, row.contact_list_id) : [];
    return {
      ...campaign,
      contactList: campaign.contactList ? { ...campaign.contactList, contacts } : null,
      shipping: await this.campaigns.shipping(id),
    };
  }

  async create(tenancy: Tenancy, fields: CampaignFields): Promise<Campaign> {
    return this.campaigns.transaction(async (manager) => {
      const scheduledAt = await this.checked(manager, tenancy.companyId, fields);
      const id = await this.campaigns.insert(manager, tenancy.companyId, fields, scheduledAt, scheduledAt ? 'PROGRAMADA' : 'INATIVA');
      if (scheduledAt) await this.starts.scheduleStart(manager, id, scheduledAt);
      return (await this.events.saved(manager, tenancy.companyId, id, true))!;
    });
  }

  /**
   * Spec 2: a campaign is edited while INATIVA or CANCELADA, or PROGRAMADA more than 1 hour before
   * its time; otherwise 409 ERR_CAMPAIGN_NOT_EDITABLE. Saved with a time it is PROGRAMADA, without one INATIVA.
   */
  async update(tenancy: Tenancy, id: number, fields: CampaignFields): Promise<Campaign> {
    return this.campaigns.transaction(async (manager) => {
      const row = await this.editable(manager, tenancy.companyId, id);
      const scheduledAt = await this.checked(manager, tenancy.companyId, fields);
      await this.campaigns.update(manager, row.id, fields, scheduledAt, scheduledAt ? 'PROGRAMADA' : 'INATIVA');
      if (scheduledAt) await this.starts.scheduleStart(manager, id, scheduledAt);
      else await this.starts.cancelStart(manager, id);
      return (await this.events.saved(manager, tenancy.companyId, id))!;
    });
  }

  async delete(tenancy: Tenancy, id: number): Promise<{ message: string }> {
    const row = await this.campaigns.transaction(async (manager) => {
      const found = await this.campaigns.view(manager, tenancy.companyId, id, true);
      if (!found) throw notFound();
      await this.starts.cancelStart(manager, id);
      await this.campaigns.delete(manager, tenancy.companyId, id);
      await this.outbox.add(manager, {
        definition: campaignDeleted,
        companyId: tenancy.companyId,
        key: `campaign-${id}`,
        payload: { campaignId: id },
      });
      return found;
    });
    await this.forgetMedia(row.media_path);
    return { message: 'Campaign deleted' };
  }

  /** POST /campaigns/{id}/cancel: a running (or scheduled) campaign stops; what was sent stays sent. */
  async cancel(tenancy: Tenancy, id: number): Promise<Campaign> {
    return this.campaigns.transaction(async (manager) => {
      const row = await this.campaigns.view(manager, tenancy.companyId, id, true);
      if (!row) throw notFound();
      if (row.status !== 'EM_ANDAMENTO' && row.status !== 'PROGRAMADA') {
        throw new AppError('ERR_CAMPAIGN_STATUS', `Only a campaign EM_ANDAMENTO or PROGRAMADA can be stopped; this one is ${row.status}`, {
          status: row.status,
        });
      }
      await this.starts.cancelStart(manager, id);
      await this.campaigns.setStatus(manager, id, 'CANCELADA', this.clock.now());
      const campaign = (await this.events.saved(manager, tenancy.companyId, id))!;
      await this.events.progressed(manager, (await this.campaigns.view(manager, tenancy.companyId, id))!);
      return campaign;
    });
  }

  /** POST /campaigns/{id}/restart: a stopped campaign runs again, sending only to whom it has not sent. */
  async restart(tenancy: Tenancy, id: number): Promise<Campaign> {
    return this.campaigns.transaction(async (manager) => {
      const row = await this.campaigns.view(manager, tenancy.companyId, id, true);
      if (!row) throw notFound();
      if (row.status !== 'CANCELADA') {
        throw new AppError('ERR_CAMPAIGN_STATUS', `Only a CANCELADA campaign can be restarted; this one is ${row.status}`, {
          status: row.status,
        });
      }
      if (connectionsOf(row).length === 0 || (row.contact_list_id === null && row.tag_list_id === null)) {
        throw new AppError('ERR_VALIDATION', 'The campaign has no connection or no recipients to send to', {
          fields: [
            connectionsOf(row).length === 0
              ? { path: 'whatsappId', message: OUTBOUND_MESSAGES.connectionRequired }
              : { path: 'contactListId', message: OUTBOUND_MESSAGES.recipientsRequired },
          ],
        });
      }
      await this.requireTemplateOnCloud(manager, tenancy.companyId, connectionsOf(row), row.template !== null);
      await this.starts.begin(manager, row, true);
      return mapCampaign((await this.campaigns.view(manager, tenancy.companyId, id))!);
    });
  }

  /** POST /campaigns/{id}/media-upload: the campaign's one attachment (an accepted type, confirmed by its bytes). */
  async uploadMedia(tenancy: Tenancy, id: number, file: UploadedMedia | undefined): Promise<Campaign> {
    if (!file) {
      throw new AppError('ERR_VALIDATION', 'file is required', { fields: [{ path: 'file', message: OUTBOUND_MESSAGES.genericRequired }] });
    }
    await this.campaigns.transaction((manager) => this.editable(manager, tenancy.companyId, id));
    const type = acceptedUploadType(file, MEDIA_UPLOAD_TYPES, 'file');
    const fileName = storedFileName(Buffer.from(file.originalname, 'latin1').toString('utf8'));
    const key = `companies/${tenancy.companyId}/outbound/campaigns/${storageKeyName(fileName)}`;
    await this.storage.put(key, file.buffer, type, { fileName });
    let previous: string | null = null;
    const campaign = await this.campaigns.transaction(async (manager) => {
      const row = await this.editable(manager, tenancy.companyId, id);
      previous = row.media_path;
      await this.campaigns.setMedia(manager, id, { path: mediaUrlOfKey(key), name: fileName, mimetype: type });
      return (await this.events.saved(manager, tenancy.companyId, id))!;
    });
    await this.forgetMedia(previous);
    return campaign;
  }

  async deleteMedia(tenancy: Tenancy, id: number): Promise<Campaign> {
    let previous: string | null = null;
    const campaign = await this.campaigns.transaction(async (manager) => {
      const row = await this.editable(manager, tenancy.companyId, id);
      previous = row.media_path;
      await this.campaigns.setMedia(manager, id, null);
      return (await this.events.saved(manager, tenancy.companyId, id))!;
    });
    await this.forgetMedia(previous);
    return campaign;
  }

  /** GET /campaigns/{id}/report. */
  async report(tenancy: Tenancy, id: number): Promise<CampaignReport> {
    const row = await this.campaigns.view(null, tenancy.companyId, id);
    if (!row) throw notFound();
    const connections = connectionsOf(row);
    const [progress, failures, series, perConnection, paces] = await Promise.all([
      this.events.progressOf(null, row),
      this.shipping.failures(id),
      this.shipping.series(id),
      this.shipping.perConnection(id),
      this.shipping.paceOf(null, connections),
    ]);
    return {
      campaign: mapCampaign(row),
      progress,
      failures,
      series,
      connections: row.whatsapps.map((connection) => {
        const pace = paces.find((item) => item.connection_id === connection.id);
        const counts = perConnection.find((item) => item.whatsapp_id === connection.id);
        const missing = !pace && connection.name === '';
        return {
          whatsappId: connection.id,
          name: connection.name,
          delivered: counts?.delivered ?? 0,
          failed: counts?.failed ?? 0,
          pauseReason: missing ? 'missing' : (pace?.paused_reason ?? null),
          pauseDetail: pace?.paused_detail ?? null,
          pausedAt: pace?.paused_at ? new Date(pace.paused_at).toISOString() : null,
        };
      }),
    };
  }

  /** The company's campaign, locked, if it may be changed now (spec 2's edit rule); else 404 or 409. */
  private async editable(manager: EntityManager, companyId: number, id: number): Promise<CampaignRow> {
    const row = await this.campaigns.view(manager, companyId, id, true);
    if (!row) throw notFound();
    const now = this.clock.now().getTime();
    const editable =
      row.status === 'INATIVA' ||
      row.status === 'CANCELADA' ||
      (row.status === 'PROGRAMADA' && row.scheduled_at !== null && new Date(row.scheduled_at).getTime() - now > CAMPAIGN_EDIT_WINDOW_MS);
    if (!editable) {
      throw new AppError(
        'ERR_CAMPAIGN_NOT_EDITABLE',
        row.status === 'PROGRAMADA'
          ? 'A scheduled campaign can only be changed more than 1 hour before its time'
          : `A campaign ${row.status} cannot be changed`,
        { status: row.status },
      );
    }
    return row;
  }

  /**
   * What a campaign names must be the company's (404 otherwise, as for any other company's record);
   * its scheduled time, read in the company's time zone, must be still to come. Answers that time in UTC.
   */
  private async checked(manager: EntityManager, companyId: number, fields: CampaignFields): Promise<Date | null> {
    const connectionIds = CAMPAIGN_WHATSAPP_FIELDS.map((field) => fields[field]).filter((value): value is number => value !== null);
    const foreign = await this.campaigns.foreignReferences(manager, companyId, {
      contactListId: fields.contactListId,
      tagListId: fields.tagListId,
      fileListId: fields.fileListId,
      connectionIds,
    });
    const missing = [
      ...foreign.ownMissing,
      ...(foreign.tagMissing ? ['tagListId'] : []),
      ...(foreign.missingConnectionIds.length > 0 ? ['whatsappId'] : []),
    ];
    const notFound = () => new AppError('ERR_NOT_FOUND', `Not found: ${missing.join(', ')}`, { references: missing });
    if (foreign.ownMissing.length > 0) throw notFound();
    // A tag or a connection created a moment ago may not be in this service's copies yet: asked of its owner (decision 0039).
    if (missing.length > 0) {
      throw new ProjectionMiss(
        companyId,
        [
          ...(foreign.tagMissing ? [{ projection: this.tags, ids: [fields.tagListId!] }] : []),
          ...(foreign.missingConnectionIds.length > 0 ? [{ projection: this.connections, ids: foreign.missingConnectionIds }] : []),
        ],
        notFound(),
      );
    }
    await this.requireTemplateOnCloud(manager, companyId, connectionIds, fields.template !== null);
    if (fields.scheduledAt === null) return null;
    const scheduledAt = scheduledAtInZone(fields.scheduledAt, await this.clock.timeZone(manager, companyId));
    if (scheduledAt.getTime() < this.clock.now().getTime() - 60_000) {
      throw new AppError('ERR_VALIDATION', 'The scheduled time has passed', {
        fields: [{ path: 'scheduledAt', message: OUTBOUND_MESSAGES.scheduledAtPast }],
      });
    }
    return scheduledAt;
  }

  /**
   * Outside the 24-hour window a Cloud API number may send nothing but an approved template, and a
   * campaign writes first: one with a Cloud API connection must name its template (issue 27).
   */
  private async requireTemplateOnCloud(manager: EntityManager, companyId: number, connectionIds: number[], hasTemplate: boolean) {
    if (hasTemplate) return;
    const providers = await this.connections.providersOf(manager, companyId, connectionIds);
    const cloud = connectionIds.filter((id) => providers.get(id) === 'cloud');
    if (cloud.length === 0) return;
    throw new AppError(
      'ERR_CAMPAIGN_TEMPLATE_REQUIRED',
      'A campaign through a WhatsApp Cloud API connection must choose an approved template (outside the 24-hour window nothing else may be sent)',
      { connectionIds: cloud, fields: [{ path: 'template', message: OUTBOUND_MESSAGES.templateRequired }] },
    );
  }

  private async forgetMedia(path: string | null): Promise<void> {
    const prefix = '/api/whatsapp-media/';
    if (!path?.startsWith(prefix)) return;
    await this.storage.delete(path.slice(prefix.length)).catch(() => undefined);
  }
}
