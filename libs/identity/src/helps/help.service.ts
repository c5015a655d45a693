import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { IDENTITY_PAGE_SIZE, type HelpResponse, type PageQuery } from '@app/contracts';
import { AppError } from '@app/platform';
import { mapHelp, type HelpCreateDto, type HelpUpdateDto } from '../dtos/help.dto';
import { Help } from '../entities/help.entity';

/** Help videos: super users write them, everyone reads them. */
@Injectable()
export class HelpService {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  async page(query: PageQuery): Promise<{ helps: HelpResponse[]; count: number; hasMore: boolean }> {
    const search = `%${query.searchParam.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const [helps, count] = await this.repository
      .createQueryBuilder('help')
      .where('(lower(help.title) LIKE :search OR lower(help.description) LIKE :search)', { search })
      .orderBy('help.title', 'ASC')
      .addOrderBy('help.id', 'ASC')
      .skip((query.pageNumber - 1) * IDENTITY_PAGE_SIZE)
      .take(IDENTITY_PAGE_SIZE)
      .getManyAndCount();
    return { helps: helps.map(mapHelp), count, hasMore: count > query.pageNumber * IDENTITY_PAGE_SIZE };
  }

  async list(): Promise<HelpResponse[]> {
    return (await this.repository.find({ order: { title: 'ASC', id: 'ASC' } })).map(mapHelp);
  }

  async get(id: number): Promise<HelpResponse> {
    return mapHelp(await this.load(id));
  }

  async create(input: HelpCreateDto): Promise<HelpResponse> {
    return mapHelp(await this.repository.save(this.repository.create(input)));
  }

  async update(id: number, input: HelpUpdateDto): Promise<HelpResponse> {
    const help = await this.load(id);
    return mapHelp(await this.repository.save(Object.assign(help, input)));
  }

  async remove(id: number): Promise<void> {
    const { affected } = await this.repository.delete({ id });
    if (!affected) throw new AppError('ERR_NOT_FOUND', 'Help not found');
  }

  private get repository() {
    return this.dataSource.getRepository(Help);
  }

  private async load(id: number): Promise<Help> {
    const help = await this.repository.findOne({ where: { id } });
    if (!help) throw new AppError('ERR_NOT_FOUND', 'Help not found');
    return help;
  }
}
