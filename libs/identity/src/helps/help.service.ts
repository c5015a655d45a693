import { type HelpResponse, IDENTITY_PAGE_SIZE, type PageQuery } from '@app/contracts';
import { AppError, likeContaining } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { assignDefined } from '../common/assign-defined';
import { type HelpCreateDto, type HelpUpdateDto, mapHelp } from './help.dto';
import { type Help, HelpRepository } from './help.repository';

/** Help videos: super users write them, everyone reads them. */
@Injectable()
export class HelpService {
  constructor(private readonly helps: HelpRepository) {}

  async page(query: PageQuery): Promise<{ helps: HelpResponse[]; count: number; hasMore: boolean }> {
    const search = likeContaining(query.searchParam.toLowerCase());
    const [helps, count] = await this.helps.page(search, query.pageNumber, IDENTITY_PAGE_SIZE);
    return { helps: helps.map(mapHelp), count, hasMore: count > query.pageNumber * IDENTITY_PAGE_SIZE };
  }

  async list(): Promise<HelpResponse[]> {
    return (await this.helps.all()).map(mapHelp);
  }

  async get(id: number): Promise<HelpResponse> {
    return mapHelp(await this.load(id));
  }

  async create(input: HelpCreateDto): Promise<HelpResponse> {
    return mapHelp(await this.helps.insert(input));
  }

  async update(id: number, input: HelpUpdateDto): Promise<HelpResponse> {
    const help = await this.load(id);
    return mapHelp(await this.helps.save(assignDefined(help, input)));
  }

  async remove(id: number): Promise<void> {
    if (!(await this.helps.delete(id))) throw new AppError('ERR_NOT_FOUND', 'Help not found');
  }

  private async load(id: number): Promise<Help> {
    const help = await this.helps.findById(id);
    if (!help) throw new AppError('ERR_NOT_FOUND', 'Help not found');
    return help;
  }
}
