import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type DeepPartial, type EntityManager } from 'typeorm';

import { Announcement } from '../entities/announcement.entity';

/** identity.announcements. */
@Injectable()
export class AnnouncementRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * One page of the announcements whose title or text matches `search` (a LIKE pattern), the
   * inactive ones too when `withInactive`; highest priority first, then newest.
   */
  page(search: string, withInactive: boolean, pageNumber: number, pageSize: number): Promise<[Announcement[], number]> {
    const builder = this.dataSource
      .getRepository(Announcement)
      .createQueryBuilder('announcement')
      .where('(lower(announcement.title) LIKE :search OR lower(announcement.text) LIKE :search)', { search });
    if (!withInactive) builder.andWhere('announcement.status = true');
    return builder
      .orderBy('announcement.priority', 'ASC')
      .addOrderBy('announcement.createdAt', 'DESC')
      .addOrderBy('announcement.id', 'DESC')
      .skip((pageNumber - 1) * pageSize)
      .take(pageSize)
      .getManyAndCount();
  }

  findById(id: number): Promise<Announcement | null> {
    return this.dataSource.getRepository(Announcement).findOne({ where: { id } });
  }

  exists(id: number): Promise<boolean> {
    return this.dataSource.getRepository(Announcement).exists({ where: { id } });
  }

  /** The announcement, its row locked for the caller's transaction. */
  findLocked(manager: EntityManager, id: number): Promise<Announcement | null> {
    return manager.findOne(Announcement, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  insert(manager: EntityManager, announcement: DeepPartial<Announcement>): Promise<Announcement> {
    return manager.save(manager.create(Announcement, announcement));
  }

  save(manager: EntityManager, announcement: Announcement): Promise<Announcement> {
    return manager.save(announcement);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(Announcement, { id });
  }
}
