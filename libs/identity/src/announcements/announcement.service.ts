import {
  ANNOUNCEMENT_MEDIA_EXTENSIONS,
  announcementCreated,
  announcementDeleted,
  type AnnouncementPageResponse,
  type AnnouncementResponse,
  announcementUpdated,
  IDENTITY_MESSAGES,
  IDENTITY_PAGE_SIZE,
  type PageQuery,
} from '@app/contracts';
import {
  AppError,
  FILE_STORAGE,
  type FileContent,
  type FileStorage,
  likeContaining,
  OutboxWriter,
  storageKeyName,
  storedFileName,
  type Tenancy,
} from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { assignDefined } from '../common/assign-defined';
import { acceptedImageKind, IMAGE_CONTENT_TYPES, type UploadedFileLike, uploadedName } from '../common/uploads';
import { type AnnouncementCreateDto, type AnnouncementUpdateDto, mapAnnouncement } from './announcement.dto';
import { type Announcement, AnnouncementRepository } from './announcement.repository';

const notFound = () => new AppError('ERR_NOT_FOUND', 'Announcement not found');

/** Platform notices: super users write them; every company sees the active ones, live. */
@Injectable()
export class AnnouncementService {
  constructor(
    private readonly announcements: AnnouncementRepository,
    private readonly outbox: OutboxWriter,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** Super users see every announcement; everyone else the active ones. Highest priority first. */
  async page(tenancy: Tenancy, query: PageQuery): Promise<AnnouncementPageResponse> {
    const search = likeContaining(query.searchParam.toLowerCase());
    const [records, count] = await this.announcements.page(search, tenancy.super, query.pageNumber, IDENTITY_PAGE_SIZE);
    return { records: records.map(mapAnnouncement), count, hasMore: count > query.pageNumber * IDENTITY_PAGE_SIZE };
  }

  async get(tenancy: Tenancy, id: number): Promise<AnnouncementResponse> {
    const announcement = await this.announcements.findById(id);
    if (!announcement || (!announcement.status && !tenancy.super)) throw notFound();
    return mapAnnouncement(announcement);
  }

  async create(input: AnnouncementCreateDto): Promise<AnnouncementResponse> {
    return this.announcements.transaction(async (manager) => {
      const announcement = await this.announcements.insert(manager, { ...input, mediaKey: null, mediaName: null });
      return this.published(manager, announcement, 'created');
    });
  }

  async update(id: number, input: AnnouncementUpdateDto): Promise<AnnouncementResponse> {
    return this.change(id, async (announcement) => {
      assignDefined(announcement, input);
    });
  }

  async remove(id: number): Promise<void> {
    const mediaKey = await this.announcements.transaction(async (manager) => {
      const announcement = await this.load(manager, id);
      await this.announcements.delete(manager, id);
      await this.outbox.add(manager, {
        definition: announcementDeleted,
        companyId: null,
        key: id,
        payload: { announcementId: id },
      });
      return announcement.mediaKey;
    });
    if (mediaKey) await this.storage.delete(mediaKey);
  }

  /** The attachment: .png, .jpg or .jpeg whose bytes are that image type. */
  async attach(id: number, file: UploadedFileLike | undefined): Promise<AnnouncementResponse> {
    const kind = file ? acceptedImageKind(file, ANNOUNCEMENT_MEDIA_EXTENSIONS) : null;
    if (!file || !kind || (kind !== 'png' && kind !== 'jpeg')) {
      const message = file ? IDENTITY_MESSAGES.announcementFileType : IDENTITY_MESSAGES.genericRequired;
      throw new AppError('ERR_VALIDATION', message, { fields: [{ path: 'file', message }] });
    }
    const name = storedFileName(uploadedName(file));
    const key = `public/announcements/${id}/${storageKeyName(name, String(Date.now()))}`;
    let previous = null as string | null;
    if (!(await this.announcements.exists(id))) throw notFound();
    await this.storage.put(key, file.buffer, IMAGE_CONTENT_TYPES[kind], { fileName: name });
    const answer = await this.change(id, async (announcement) => {
      previous = announcement.mediaKey;
      announcement.mediaKey = key;
      announcement.mediaName = name;
    }).catch(async (error: unknown) => {
      await this.storage.delete(key);
      throw error;
    });
    if (previous) await this.storage.delete(previous);
    return answer;
  }

  async detach(id: number): Promise<AnnouncementResponse> {
    let previous = null as string | null;
    const answer = await this.change(id, async (announcement) => {
      previous = announcement.mediaKey;
      announcement.mediaKey = null;
      announcement.mediaName = null;
    });
    if (previous) await this.storage.delete(previous);
    return answer;
  }

  /** The attachment for the public media URL; the name must be the announcement's current one. */
  async media(id: number, name: string): Promise<FileContent> {
    const announcement = await this.announcements.findById(id);
    if (!announcement?.mediaKey || announcement.mediaName !== name) throw notFound();
    const file = await this.storage.get(announcement.mediaKey);
    if (!file) throw notFound();
    return file;
  }

  private async change(id: number, apply: (announcement: Announcement) => Promise<void>): Promise<AnnouncementResponse> {
    return this.announcements.transaction(async (manager) => {
      const announcement = await this.load(manager, id);
      await apply(announcement);
      return this.published(manager, await this.announcements.save(manager, announcement), 'updated');
    });
  }

  private async published(manager: EntityManager, announcement: Announcement, verb: 'created' | 'updated') {
    const record = mapAnnouncement(announcement);
    await this.outbox.add(manager, {
      definition: verb === 'created' ? announcementCreated : announcementUpdated,
      companyId: null,
      key: announcement.id,
      payload: { announcement: record },
    });
    return record;
  }

  private async load(manager: EntityManager, id: number): Promise<Announcement> {
    const announcement = await this.announcements.findLocked(manager, id);
    if (!announcement) throw notFound();
    return announcement;
  }
}
