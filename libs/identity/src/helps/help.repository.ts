import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type DeepPartial } from 'typeorm';

import { Help } from '../entities/help.entity';

/** identity.helps. */
@Injectable()
export class HelpRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  private get helps() {
    return this.dataSource.getRepository(Help);
  }

  /** One page of the helps whose title or description matches `search` (a LIKE pattern), by title. */
  page(search: string, pageNumber: number, pageSize: number): Promise<[Help[], number]> {
    return this.helps
      .createQueryBuilder('help')
      .where('(lower(help.title) LIKE :search OR lower(help.description) LIKE :search)', { search })
      .orderBy('help.title', 'ASC')
      .addOrderBy('help.id', 'ASC')
      .skip((pageNumber - 1) * pageSize)
      .take(pageSize)
      .getManyAndCount();
  }

  all(): Promise<Help[]> {
    return this.helps.find({ order: { title: 'ASC', id: 'ASC' } });
  }

  findById(id: number): Promise<Help | null> {
    return this.helps.findOne({ where: { id } });
  }

  insert(help: DeepPartial<Help>): Promise<Help> {
    return this.helps.save(this.helps.create(help));
  }

  save(help: Help): Promise<Help> {
    return this.helps.save(help);
  }

  /** False when there was no such help. */
  async delete(id: number): Promise<boolean> {
    const { affected } = await this.helps.delete({ id });
    return Boolean(affected);
  }
}
